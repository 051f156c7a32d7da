import { ApplicantsScreen } from '../features/applicants/components/applicants-screens.tsx';
import { templatesApi } from '../features/message-templates/api/templates-api.ts';

/**
 * /applicants: the applicant lists with the message templates composed in, so the bulk bar can
 * send one without the applicants feature reaching into the templates feature.
 */
export function ApplicantsListRoute() {
  return <ApplicantsScreen loadTemplates={templatesApi.getTemplates} />;
}
