import type { TApplicantGroup, TApplication } from '@medhire/contract/applicants';
import { Badge } from '@medhire/ui/badge.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatDate, PipelineStatusBadge } from './applicant-badges.tsx';

export interface GroupedApplicantListProps {
  groups: readonly TApplicantGroup[];
  /** The list's accessible name. */
  label: string;
  /** A selection checkbox for each application, when the list offers bulk actions. */
  renderSelect?: (group: TApplicantGroup, application: TApplication) => ReactNode;
}

/**
 * The applicant list grouped by physician: each physician once, as a header (name, specialty),
 * with each of their applications to the organisation's jobs under it (job, stage, applied).
 */
export function GroupedApplicantList({ groups, label, renderSelect }: GroupedApplicantListProps) {
  return (
    <ul className="applicant-groups" aria-label={label}>
      {groups.map((group) => (
        <ApplicantGroup key={group._id} group={group} renderSelect={renderSelect} />
      ))}
    </ul>
  );
}

function ApplicantGroup({
  group,
  renderSelect,
}: {
  group: TApplicantGroup;
  renderSelect?: GroupedApplicantListProps['renderSelect'];
}) {
  const nameId = useId();
  return (
    <li className="applicant-group">
      <div className="applicant-group__head">
        <h2 className="applicant-group__name" id={nameId}>
          <Link to={`/applicants/${encodeURIComponent(group._id)}`}>{group.fullName}</Link>
        </h2>
        <p className="applicant-group__specialty">
          {group.specialty.title}
          <span aria-hidden="true"> · </span>
          <span>
            {group.applications.length === 1 ? '1 application' : `${group.applications.length} applications`}
          </span>
        </p>
      </div>
      <ul className="applicant-group__applications" aria-labelledby={nameId}>
        {group.applications.map((application) => (
          <li
            key={application._id}
            className={cx(
              'applicant-group__application',
              renderSelect && 'applicant-group__application--selectable',
            )}
          >
            {renderSelect?.(group, application)}
            <span className="applicant-group__job">{application.jobTitle}</span>
            <span className="applicant-group__stage">
              <PipelineStatusBadge status={application.pipelineStatus} />
              {application.withdrawnAt && <Badge variant="neutral">Withdrawn</Badge>}
            </span>
            <span className="applicant-group__date">
              {application.source === 'match' ? 'Joined' : 'Applied'} {formatDate(application.appliedAt)}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
