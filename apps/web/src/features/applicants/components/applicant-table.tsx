import type { TApplicant } from '@medhire/contract/applicants';
import { Button } from '@medhire/ui/button.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { stateName } from '@medhire/ui/us-states.ts';
import { Link } from 'react-router';
import type { ApplicantsView } from '../../../lib/storage.ts';
import { BoardStatusBadge, experienceYears } from './applicant-badges.tsx';
import type { ApplicantPageProps } from './applicant-list.tsx';

const VIEW_LABELS: Record<ApplicantsView, string> = { cards: 'Cards', table: 'Table' };

/** Cards or a compact table: two pressed-state buttons, one of them pressed. */
export function ApplicantViewToggle({
  view,
  onChange,
}: {
  view: ApplicantsView;
  onChange: (view: ApplicantsView) => void;
}) {
  return (
    <fieldset className="view-toggle">
      <legend className="visually-hidden">Show applicants as</legend>
      {(['cards', 'table'] as const).map((option) => (
        <Button
          key={option}
          variant="secondary"
          size="sm"
          className="view-toggle__option"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {VIEW_LABELS[option]}
        </Button>
      ))}
    </fieldset>
  );
}

/** One page of applicants as table rows: who, specialty, experience, state, board status, start year. */
export function ApplicantTable({ applicants, label, renderActions, renderSelect }: ApplicantPageProps) {
  return (
    <Table<TApplicant>
      caption={label}
      rows={applicants}
      rowKey={(applicant) => applicant._id}
      isStackedOnPhone
      className="applicant-table"
      columns={[
        ...(renderSelect
          ? [
              {
                key: 'select',
                header: <span className="visually-hidden">Select</span>,
                cell: (applicant: TApplicant) => renderSelect(applicant),
              },
            ]
          : []),
        {
          key: 'name',
          header: 'Name',
          cell: (applicant) => (
            <Link className="applicant-table__name" to={`/applicants/${encodeURIComponent(applicant._id)}`}>
              {applicant.fullName}
            </Link>
          ),
        },
        { key: 'specialty', header: 'Specialty', cell: (applicant) => applicant.specialty.title },
        {
          key: 'experience',
          header: 'Experience',
          cell: (applicant) => experienceYears(applicant.yearsOfExperience),
        },
        {
          key: 'state',
          header: 'State',
          cell: (applicant) => <abbr title={stateName(applicant.homeState)}>{applicant.homeState}</abbr>,
        },
        {
          key: 'board',
          header: 'Board status',
          cell: (applicant) => <BoardStatusBadge boardStatus={applicant.boardStatus} />,
        },
        {
          key: 'availability',
          header: 'Available',
          cell: (applicant) => applicant.yearAvailableToStart,
        },
        ...(renderActions
          ? [
              {
                key: 'actions',
                header: <span className="visually-hidden">Actions</span>,
                align: 'end' as const,
                cell: (applicant: TApplicant) => (
                  <div className="applicant-table__actions">{renderActions(applicant)}</div>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
