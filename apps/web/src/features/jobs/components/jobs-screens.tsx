export { JobsResidentScreen } from './job-detail-screens.tsx';
export { CreateJobScreen, EditJobScreen } from './job-editor-screens.tsx';
export { JobsScreen } from './jobs-list-screen.tsx';
