import { groupDigits } from '@medhire/contract/en-us-format';
import type { TPhysicianJobDetail } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card, cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { ArrowLeftIcon, BellIcon, BriefcaseIcon, SearchIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { US_STATE_OPTIONS } from '@medhire/ui/us-states.ts';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { titleOf, useGetEnumsQuery } from '../../lib/enums-api.ts';
import {
  criteriaFromParams,
  DEFAULT_RADIUS_MILES,
  paramsFromCriteria,
  RADIUS_MILES_OPTIONS,
  SORT_LABELS,
  sortFromParams,
} from '../../lib/job-search-params.ts';
import { PlaceSearch } from '../../lib/place-search.tsx';
import { selectPhysician } from '../../lib/session-slice.ts';
import { JobCard, SaveJobButton } from './job-card.tsx';

/**
 * The job's description is Markdown, rendered as the employer previewed it. The renderer
 * (markdown-it) loads with the first description shown, not with the job search: until it is
 * there the text shows as written.
 */
const Markdown = lazy(() =>
  import('@medhire/ui/markdown.tsx').then((module) => ({ default: module.Markdown })),
);

import { formatDate, formatLocations, formatSalary, formatUsd } from './job-format.ts';
import {
  JOBS_PAGE_SIZE,
  type JobSearch,
  useApplyToJobMutation,
  useGetJobQuery,
  useSearchJobsQuery,
} from './jobs-api.ts';
import './jobs.css';

/** The search lives in the address: back from a job returns to the same results, and a search can be shared. */
function searchFromParams(params: URLSearchParams): JobSearch {
  const criteria = criteriaFromParams(params);
  return {
    queryText: params.get('queryText') || undefined,
    ...criteria,
    sort: sortFromParams(params, criteria.latitude !== undefined),
    pageNumber: Math.max(1, Number(params.get('page')) || 1),
  };
}

interface ChosenPlace {
  description: string;
  latitude: number;
  longitude: number;
}

function JobSearchForm({
  search,
  onSearch,
}: {
  search: JobSearch;
  onSearch: (next: URLSearchParams) => void;
}) {
  const { data: enums } = useGetEnumsQuery();
  const [place, setPlace] = useState<ChosenPlace | null>(
    search.latitude !== undefined && search.longitude !== undefined
      ? {
          description: search.placeName ?? 'the chosen place',
          latitude: search.latitude,
          longitude: search.longitude,
        }
      : null,
  );

  // Open at first when a hidden filter is in use; after that the physician opens and closes it.
  const [isMoreOpen] = useState(() =>
    Boolean(search.latitude !== undefined || search.employmentType || search.minSalary),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of [
      'queryText',
      'specialty',
      'state',
      'employmentType',
      'minSalary',
      'radiusMiles',
      'sort',
    ]) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    if (place) {
      next.set('latitude', String(place.latitude));
      next.set('longitude', String(place.longitude));
      next.set('placeName', place.description);
    } else {
      next.delete('radiusMiles');
      if (next.get('sort') === 'distance') next.delete('sort');
    }
    onSearch(next);
  };

  return (
    <form className="job-search" aria-label="Job search" onSubmit={onSubmit}>
      <TextField
        label="Search"
        name="queryText"
        type="search"
        placeholder="Title, organization or city"
        defaultValue={search.queryText}
        className="job-search__text"
      />
      <Select
        label="Specialty"
        name="specialty"
        placeholder="Any specialty"
        defaultValue={search.specialty ?? ''}
        options={(enums?.specialties ?? []).map((item) => ({ value: item._id, label: item.title }))}
        key={`specialty-${enums ? 'loaded' : 'loading'}`}
      />
      <Select
        label="State"
        name="state"
        placeholder="Any state"
        defaultValue={search.state ?? ''}
        options={US_STATE_OPTIONS}
      />
      <details className="job-search__more" open={isMoreOpen}>
        <summary>More filters</summary>
        <div className="job-search__more-fields">
          <div className="job-search__place">
            {place ? (
              <p className="job-search__chosen-place">
                Near <strong>{place.description}</strong>{' '}
                <Button size="sm" variant="ghost" onClick={() => setPlace(null)}>
                  Remove place
                </Button>
              </p>
            ) : (
              <PlaceSearch
                label="Near a place"
                hint="Type a city or ZIP code, then choose it."
                onPick={(picked) =>
                  setPlace({
                    description: picked.description,
                    latitude: picked.coords.latitude,
                    longitude: picked.coords.longitude,
                  })
                }
              />
            )}
          </div>
          <Select
            label="Distance"
            name="radiusMiles"
            defaultValue={String(search.radiusMiles ?? DEFAULT_RADIUS_MILES)}
            disabled={!place}
            hint={place ? undefined : 'Choose a place first.'}
            options={RADIUS_MILES_OPTIONS.map((miles) => ({
              value: String(miles),
              label: `Within ${miles} miles`,
            }))}
          />
          <Select
            label="Employment type"
            name="employmentType"
            placeholder="Any type"
            defaultValue={search.employmentType ?? ''}
            options={(enums?.employmentType ?? []).map((item) => ({ value: item._id, label: item.title }))}
            key={`type-${enums ? 'loaded' : 'loading'}`}
          />
          <TextField
            label="Minimum annual salary (USD)"
            name="minSalary"
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            defaultValue={search.minSalary}
          />
        </div>
      </details>
      <Select
        label="Sort by"
        name="sort"
        defaultValue={search.sort ?? 'newest'}
        options={(['match', 'newest', 'distance'] as const).map((sort) => ({
          value: sort,
          label: sort === 'distance' && !place ? `${SORT_LABELS[sort]} (choose a place)` : SORT_LABELS[sort],
          isDisabled: sort === 'distance' && !place,
        }))}
      />
      <Button type="submit" leadingIcon={<SearchIcon size={18} />}>
        Search
      </Button>
    </form>
  );
}

export function JobSearchScreen() {
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const { data: enums } = useGetEnumsQuery();
  const { data, error, isFetching, isLoading, refetch } = useSearchJobsQuery(search);
  const { pageNumber: _page, queryText: _text, sort: _sort, ...criteria } = search;
  const alertLink = `/alerts/new?${paramsFromCriteria(criteria).toString()}`;

  const pageCount = data ? Math.max(1, Math.ceil(data.total / JOBS_PAGE_SIZE)) : 1;

  return (
    <>
      <title>Jobs · MedHire for physicians</title>
      <PageHeader
        title="Find a job"
        description="Open positions from US practices, groups and hospitals."
        actions={
          <>
            <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to="/jobs/saved">
              Saved jobs
            </Link>
            <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to="/alerts">
              Job alerts
            </Link>
          </>
        }
      />
      <JobSearchForm key={params.toString()} search={search} onSearch={setParams} />
      <p className="job-search__alert">
        <Link to={alertLink}>
          <BellIcon size={16} aria-hidden="true" /> Create an alert from this search
        </Link>
      </p>

      {isLoading ? (
        <JobListSkeleton />
      ) : error ? (
        <Alert variant="danger" title="The jobs did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : data && data.jobs.length === 0 ? (
        <EmptyState
          icon={<BriefcaseIcon size={28} />}
          title="No jobs match this search"
          description="Try another specialty or state, a wider distance, or fewer words."
        />
      ) : data ? (
        <>
          <ul className="job-list" aria-busy={isFetching} aria-label="Jobs found">
            {data.jobs.map((job) => (
              <li key={job._id}>
                <JobCard job={job} specialty={titleOf(enums?.specialties, job.specialty)} />
              </li>
            ))}
          </ul>
          <Pager
            status={`${groupDigits(data.total)} ${data.total === 1 ? 'job' : 'jobs'}`}
            page={search.pageNumber}
            pageCount={pageCount}
            onPage={(page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            }}
          />
        </>
      ) : null}
    </>
  );
}

function JobListSkeleton() {
  return (
    <div className="job-list" role="status" aria-label="Loading jobs">
      {[0, 1, 2].map((index) => (
        <div key={index} className={cardClasses()}>
          <Skeleton width="60%" height="1.25rem" />
          <Skeleton width="40%" />
        </div>
      ))}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <div className="job-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const HALF_DAY_LABELS = {
  outpatient: 'Outpatient',
  inpatient: 'Inpatient',
  procedural: 'Procedural',
  administrative: 'Administrative',
  other: 'Other',
} as const;

export function JobScreen() {
  const { jobId = '' } = useParams();
  const { data: job, error, isLoading, refetch } = useGetJobQuery(jobId);
  const { data: enums } = useGetEnumsQuery();
  const [apply, applyState] = useApplyToJobMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [hasJustApplied, setHasJustApplied] = useState(false);
  const appliedRef = useRef<HTMLDivElement>(null);
  const physician = useAppSelector(selectPhysician);
  const hasApplied = job?.hasApplied === true;

  // The Apply button that had focus is replaced by the confirmation: focus goes there instead of
  // falling back to the page, and a screen reader reads it.
  useEffect(() => {
    if (hasJustApplied && hasApplied) appliedRef.current?.focus();
  }, [hasJustApplied, hasApplied]);

  if (isLoading) {
    return (
      <div role="status" aria-label="Loading the job" className="job-detail">
        <Skeleton width="70%" height="2rem" />
        <Skeleton height="8rem" />
      </div>
    );
  }
  if (error || !job) {
    const isGone = error !== undefined && 'status' in error && error.status === 404;
    return (
      <EmptyState
        headingLevel={1}
        title={isGone ? 'This job is not available' : 'The job did not load'}
        description={error?.message}
        action={
          isGone ? (
            <Link className={buttonClasses()} to="/jobs">
              Find other jobs
            </Link>
          ) : (
            <Button onClick={() => void refetch()}>Try again</Button>
          )
        }
      />
    );
  }

  const onConfirm = async () => {
    const result = await apply(job._id);
    if ('error' in result) return;
    setIsConfirming(false);
    setHasJustApplied(true);
  };
  const isProfileIncomplete = physician?.isComplete === false;
  const halfDays = job.halfDaysPerWeek
    ? Object.entries(job.halfDaysPerWeek)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${HALF_DAY_LABELS[key as keyof typeof HALF_DAY_LABELS]}: ${value}`)
        .join(', ')
    : '';

  return (
    <article className="job-detail" aria-labelledby="job-title">
      <title>{`${job.title} · MedHire for physicians`}</title>
      <Link to="/jobs" className="job-detail__back">
        <ArrowLeftIcon size={18} aria-hidden="true" /> Jobs
      </Link>
      <header className="job-detail__header">
        <h1 id="job-title" className="job-detail__title">
          {job.title}
        </h1>
        <p className="job-detail__org">
          {job.organization.logo && <img src={job.organization.logo} alt="" width={40} height={40} />}
          {job.organization.name}
        </p>
        <p className="job-detail__meta">{formatLocations(job.locations)}</p>
      </header>

      <div className="job-detail__apply">
        <SaveJobButton job={job} size="md" />
        {job.hasApplied ? (
          <div ref={appliedRef} tabIndex={-1} className="job-detail__applied">
            <Alert variant="success">You applied to this job. The employer sees your profile and CV.</Alert>
          </div>
        ) : job.status !== 'open' ? (
          <Alert variant="info">This job is no longer taking applications.</Alert>
        ) : (
          <Button size="lg" isBlock onClick={() => setIsConfirming(true)}>
            Apply
          </Button>
        )}
      </div>

      <Card title="About the position">
        <dl className="job-facts">
          <Fact label="Specialty">{titleOf(enums?.specialties, job.specialty)}</Fact>
          <Fact label="Sub-specialties">
            {job.subSpecialty.map((id) => titleOf(enums?.subSpecialties, id)).join(', ')}
          </Fact>
          <Fact label="Employment type">{titleOf(enums?.employmentType, job.employmentType)}</Fact>
          <Fact label="Why the position is open">
            {titleOf(enums?.reasonForJobOpportunity, job.reasonForJobOpp)}
          </Fact>
          <Fact label="Posted">{formatDate(job.createdAt)}</Fact>
        </dl>
        {job.description && (
          <Suspense fallback={<p className="job-detail__text">{job.description}</p>}>
            <Markdown source={job.description} topHeadingLevel={3} className="job-detail__text" />
          </Suspense>
        )}
      </Card>

      <Card title="Pay and benefits">
        <dl className="job-facts">
          <Fact label="Pay">{formatSalary(job.salaryRange) ?? 'Not stated'}</Fact>
          <Fact label="Sign-on bonus">{job.signOnBonus !== undefined && formatUsd(job.signOnBonus)}</Fact>
          <Fact label="Productivity bonus">
            {job.productiveBonus !== undefined && formatUsd(job.productiveBonus)}
          </Fact>
          <Fact label="Training stipend">
            {job.stipendTraining !== undefined && formatUsd(job.stipendTraining)}
          </Fact>
          <Fact label="Loan repayment assistance">
            {job.loanRepaymentAssistance !== undefined && formatUsd(job.loanRepaymentAssistance)}
          </Fact>
          <Fact label="Vacation">{job.vacation !== undefined && `${job.vacation} weeks a year`}</Fact>
          <Fact label="Benefits and perks">{job.supportBenefitPerk.join(', ')}</Fact>
          <Fact label="Partnership">
            {job.partnership &&
              [
                job.partnership.value,
                ...(job.partnership.value === 'Yes' ? (job.partnership.types ?? []) : []),
              ].join(' — ')}
          </Fact>
        </dl>
      </Card>

      <Card title="The work">
        <dl className="job-facts">
          <Fact label="Half-days per week">{halfDays}</Fact>
          <Fact label="Call schedule">{job.callSchedule}</Fact>
          <Fact label="Travel required">{job.requiredTravel}</Fact>
          <Fact label="Electronic medical record">{job.electronicMedRecord}</Fact>
          <Fact label="Scribe support">{job.scribeSupport}</Fact>
          <Fact label="Advanced technology">{job.advancedTech}</Fact>
          <Fact label="Academic research">{job.academicResearchOpportunity}</Fact>
          <Fact label="Mentorship">{job.mentorship}</Fact>
          <Fact label="Speakership">{job.speakerShip}</Fact>
          <Fact label="Global missions">{job.globalMissions}</Fact>
        </dl>
        {job.additionalContext && <p className="job-detail__text">{job.additionalContext}</p>}
      </Card>

      <Card title="Locations">
        <ul className="job-detail__locations">
          {job.locations.map((location) => (
            <li key={`${location.description}-${location.coords.latitude}-${location.coords.longitude}`}>
              {location.description}
            </li>
          ))}
        </ul>
      </Card>

      <OrganizationCard organization={job.organization} />

      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Apply with your profile?"
        description={`${job.organization.name} receives your MedHire profile and CV for ${job.title}.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void onConfirm()} isLoading={applyState.isLoading}>
              Confirm application
            </Button>
          </>
        }
      >
        {applyState.error && (
          <Alert variant="danger">
            {applyState.error.message}{' '}
            {(isProfileIncomplete || ('status' in applyState.error && applyState.error.status === 422)) && (
              <Link to="/profile">Complete your profile</Link>
            )}
          </Alert>
        )}
      </Modal>
    </article>
  );
}

const SOCIAL_LINK_LABELS = {
  websiteUrl: 'Website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
} as const;

/** The organization's public profile, as its employer filled it in. */
function OrganizationCard({ organization }: { organization: TPhysicianJobDetail['organization'] }) {
  const { data: enums } = useGetEnumsQuery();
  const features = organization.features;
  const locations = organization.locationsDetails?.length
    ? organization.locationsDetails
    : (organization.orgLocations?.locations ?? []);
  const links = Object.entries(SOCIAL_LINK_LABELS).flatMap(([key, label]) => {
    const url = organization.socialLinks?.[key as keyof typeof SOCIAL_LINK_LABELS];
    return url ? [{ key, label, url }] : [];
  });
  return (
    <Card title={`About ${organization.name}`} aria-label={`About ${organization.name}`}>
      <div className="job-org">
        {organization.logo && (
          <img
            className="job-org__logo"
            src={organization.logo}
            alt={`${organization.name} logo`}
            width={72}
            height={72}
          />
        )}
        {features?.aboutUs && <p className="job-detail__text">{features.aboutUs}</p>}
        <dl className="job-facts">
          <Fact label="Practice type">{titleOf(enums?.practiceType, features?.practiceType)}</Fact>
          <Fact label="Physicians">
            {features?.noOfPhysician !== undefined && groupDigits(features.noOfPhysician)}
          </Fact>
          <Fact label="Other clinicians (NPs, PAs)">
            {features?.nonPhysicianProvider !== undefined && groupDigits(features.nonPhysicianProvider)}
          </Fact>
        </dl>
        {locations.length > 0 && (
          <>
            <h3 className="job-org__heading">Where it practices</h3>
            <ul className="job-detail__locations">
              {locations.map((location) => (
                <li key={`${location.description}-${location.coords.latitude}-${location.coords.longitude}`}>
                  {'name' in location && location.name ? `${location.name} — ` : ''}
                  {location.description}
                </li>
              ))}
            </ul>
          </>
        )}
        {organization.media.length > 0 && (
          <>
            <h3 className="job-org__heading">Photos and videos</h3>
            <ul className="job-org__media">
              {organization.media.map((item) => (
                <li key={item.key}>
                  {item.kind === 'video' ? (
                    // biome-ignore lint/a11y/useMediaCaption: employers upload videos without captions; the app cannot add them.
                    <video src={item.url} poster={item.thumbnailUrl} controls preload="none" />
                  ) : (
                    <img src={item.thumbnailUrl ?? item.url} alt={`${organization.name}`} loading="lazy" />
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        {links.length > 0 && (
          <ul className="job-org__links" aria-label={`${organization.name} online`}>
            {links.map((link) => (
              <li key={link.key}>
                <a href={link.url} target="_blank" rel="noreferrer noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
