import { useSearchParams } from 'react-router';
import { ApplicantsScreen } from '../features/applicants/components/applicants-screens.tsx';
import { templatesApi } from '../features/message-templates/api/templates-api.ts';
import { SaveViewButton } from '../features/saved-views/components/save-view-button.tsx';
import { filtersFromSearchParams } from '../features/saved-views/view-params.ts';

/** "Save view" for the list: what its URL holds now. */
function SaveListViewButton() {
  const [searchParams] = useSearchParams();
  return <SaveViewButton kind="list" filters={filtersFromSearchParams(searchParams)} />;
}

/**
 * /applicants: the applicant lists with the message templates composed in, so the bulk bar can
 * send one without the applicants feature reaching into the templates feature, and "Save view"
 * from the saved views feature.
 */
export function ApplicantsListRoute() {
  return (
    <ApplicantsScreen loadTemplates={templatesApi.getTemplates} saveViewAction={<SaveListViewButton />} />
  );
}
