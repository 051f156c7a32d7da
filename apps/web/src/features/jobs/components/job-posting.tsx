import type { TEnums } from '@medhire/contract/enums';
import type { TJobFields } from '@medhire/contract/jobs';
import { Markdown } from '@medhire/ui/markdown.tsx';
import { useId } from 'react';
import { JobDetails, payHeadline, specialtyTitle } from './job-details.tsx';
import './job-posting.css';

function titleOf(list: readonly { _id: string; title: string }[] | undefined, id: string | undefined) {
  if (!id) return undefined;
  return list?.find((item) => item._id === id)?.title ?? id;
}

export interface JobPostingProps {
  job: Partial<TJobFields>;
  enums: TEnums | null;
  /** The level of the posting's title; its parts sit one level below. */
  headingLevel?: 2 | 3;
  /** When given, each group offers an Edit button that returns to its form step. */
  onEdit?: (stepIndex: number) => void;
}

/**
 * A job as a physician reads it: title, specialty and places, pay in its unit, the description,
 * then every detail. The job's page and the form's Review step both show it, so the review is
 * exactly what gets published.
 */
export function JobPosting({ job, enums, headingLevel = 2, onEdit }: JobPostingProps) {
  const titleId = useId();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const Part = headingLevel === 2 ? 'h3' : 'h4';
  const facts = [
    specialtyTitle(enums, job.specialty),
    titleOf(enums?.employmentType, job.employmentType),
    ...(job.locations ?? []).map((location) => location.description),
  ].filter(Boolean);
  const pay = payHeadline(job.salaryRange);
  return (
    <article className="job-posting" aria-labelledby={titleId}>
      <header className="job-posting__header">
        <Title id={titleId} className="job-posting__title">
          {job.title || 'Untitled job'}
        </Title>
        {facts.length > 0 && <p className="job-posting__facts">{facts.join(' · ')}</p>}
        <p className="job-posting__pay">{pay ?? 'Pay not stated'}</p>
      </header>
      <section className="job-posting__about" aria-label="About the role">
        <Part>About the role</Part>
        {job.description ? (
          <Markdown source={job.description} topHeadingLevel={headingLevel === 2 ? 4 : 5} />
        ) : (
          <p className="job-posting__missing">No description yet.</p>
        )}
      </section>
      <JobDetails job={job} enums={enums} onEdit={onEdit} headingLevel={headingLevel === 2 ? 3 : 4} />
    </article>
  );
}
