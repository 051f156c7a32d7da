import { PIPELINE_STATUSES } from '@medhire/contract/matches';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  ArrowLeftIcon,
  BriefcaseIcon,
  ClipboardIcon,
  PlusIcon,
  UsersIcon,
} from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Table } from '../../../components/ui/table.tsx';
import type { JobRecord } from '../jobs-slice.ts';
import './jobs-screens.css';

/** What a posting covers (spec §3, Job), shown so an employer knows what to prepare. */
const JOB_FORM_SECTIONS = [
  {
    title: 'The role',
    text: 'Title, specialty and sub-specialty, employment type and the reason for the opening.',
  },
  {
    title: 'Compensation',
    text: 'Salary range, sign-on and productivity bonuses, training stipend and loan repayment.',
  },
  { title: 'Schedule', text: 'Half-days per week by setting, call schedule, vacation and required travel.' },
  { title: 'Support', text: 'Scribes, electronic medical record, advanced technology, benefits and perks.' },
  {
    title: 'Growth',
    text: 'Partnership track, academic research, mentorship, speakership and global missions.',
  },
  { title: 'Locations', text: 'Every city where the physician would practise.' },
] as const;

const postJobLink = (
  <Link className={buttonClasses()} to="/create-job">
    <PlusIcon size={18} />
    Post a job
  </Link>
);

function JobFormOutline() {
  return (
    <Card
      title="What the posting covers"
      description="Have these details to hand; optional fields can be added later."
    >
      <ul className="job-sections">
        {JOB_FORM_SECTIONS.map((section) => (
          <li key={section.title}>
            <h3>{section.title}</h3>
            <p>{section.text}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function JobsScreen() {
  const jobs = useAppSelector((state) => state.jobs.jobs.jobs);
  return (
    <>
      <title>Jobs · MedHire</title>
      <PageHeader
        title="Jobs"
        description="The positions you are recruiting for. Matched physicians see each posting and can apply."
        actions={jobs.length > 0 ? postJobLink : undefined}
      />
      {jobs.length === 0 ? (
        <EmptyState
          icon={<BriefcaseIcon size={26} />}
          title="No jobs yet"
          description="Post your first job to start receiving applicants and recommended physicians for it."
          action={postJobLink}
        />
      ) : (
        <Table<JobRecord>
          caption="Your jobs"
          rows={jobs}
          rowKey={(job) => job._id}
          columns={[
            {
              key: 'title',
              header: 'Job',
              cell: (job) => <Link to={`/edit-job/${job._id}`}>{job.title}</Link>,
            },
            {
              key: 'pipeline',
              header: 'Candidates',
              cell: (job) => <Link to={`/jobs-resident/${job._id}`}>View pipeline</Link>,
              align: 'end',
            },
          ]}
        />
      )}
    </>
  );
}

export function CreateJobScreen() {
  return (
    <>
      <title>Post a job · MedHire</title>
      <PageHeader
        eyebrow="Jobs"
        title="Post a job"
        description="Describe the opportunity the way a physician would weigh it. Physicians who match your candidate preferences are shown the posting."
      />
      <JobFormOutline />
    </>
  );
}

export function EditJobScreen() {
  return (
    <>
      <title>Edit job · MedHire</title>
      <PageHeader
        eyebrow="Jobs"
        title="Edit job"
        description="Changes apply to the live posting right away; applicants keep their place in your pipeline."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/jobs">
            <ArrowLeftIcon size={18} />
            All jobs
          </Link>
        }
      />
      <JobFormOutline />
    </>
  );
}

function PipelineLegend() {
  return (
    <Card title="Pipeline stages" description="Each candidate moves through these stages as you review them.">
      <ol className="pipeline-stages">
        {PIPELINE_STATUSES.map((status) => (
          <li key={status}>
            <Badge variant={status === 'Hired' ? 'success' : status === 'Rejected' ? 'danger' : 'primary'}>
              {status}
            </Badge>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function JobsResidentScreen() {
  return (
    <>
      <title>Candidate pipeline · MedHire</title>
      <PageHeader
        title="Candidate pipeline"
        description="Physicians who applied to your jobs or answered your match invites, grouped by job."
      />
      <div className="jobs-stack">
        <EmptyState
          icon={<UsersIcon size={26} />}
          title="No candidates in your pipeline"
          description="When a physician applies to one of your jobs or answers a match invite, they appear here under that job."
          action={
            <Link className={buttonClasses({ variant: 'secondary' })} to="/jobs">
              Go to your jobs
            </Link>
          }
        />
        <PipelineLegend />
      </div>
    </>
  );
}

export function JobResidentScreen() {
  const { id } = useParams();
  const job = useAppSelector((state) => state.jobs.jobs.jobs.find((candidate) => candidate._id === id));
  return (
    <>
      <title>Job pipeline · MedHire</title>
      <PageHeader
        eyebrow="Candidate pipeline"
        title={job?.title ?? 'Job pipeline'}
        description="Candidates for this job and the stage each one has reached."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/jobs-resident">
            <ArrowLeftIcon size={18} />
            All jobs
          </Link>
        }
      />
      <div className="jobs-stack">
        <EmptyState
          icon={<ClipboardIcon size={26} />}
          title="No candidates for this job yet"
          description="Applicants and physicians who accept your match invite for this job will be listed here."
        />
        <PipelineLegend />
      </div>
    </>
  );
}
