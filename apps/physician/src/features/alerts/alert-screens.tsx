import { formatWholeUsd } from '@medhire/contract/en-us-format';
import type { TEnums } from '@medhire/contract/enums';
import {
  JOB_ALERT_LIMITS,
  type TCreateJobAlertBody,
  type TJobAlert,
  type TJobAlertFrequency,
  ZCreateJobAlertBody,
} from '@medhire/contract/job-alerts';
import type { TJobSearchCriteria } from '@medhire/contract/job-search';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card, cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Checkbox, Select, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { ArrowLeftIcon, BellIcon, PlusIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { US_STATE_OPTIONS } from '@medhire/ui/us-states.ts';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { titleOf, useGetEnumsQuery } from '../../lib/enums-api.ts';
import {
  criteriaFromParams,
  DEFAULT_RADIUS_MILES,
  describeRadius,
  paramsFromCriteria,
  RADIUS_MILES_OPTIONS,
} from '../../lib/job-search-params.ts';
import { PlaceSearch } from '../../lib/place-search.tsx';
import {
  useCreateAlertMutation,
  useDeleteAlertMutation,
  useGetAlertQuery,
  useGetAlertsQuery,
  useUpdateAlertMutation,
} from './alerts-api.ts';
import './alerts.css';

/** The alert's search in words: "Family Medicine · TX · Within 50 miles of Austin, TX". */
export function describeCriteria(criteria: Partial<TJobSearchCriteria>, enums: TEnums | undefined): string {
  const parts = [
    criteria.specialty ? titleOf(enums?.specialties, criteria.specialty) : 'Any specialty',
    criteria.state,
    describeRadius(criteria),
    criteria.employmentType ? titleOf(enums?.employmentType, criteria.employmentType) : null,
    criteria.minSalary ? `At least ${formatWholeUsd(criteria.minSalary)} a year` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

function describeDelivery(alert: TJobAlert): string {
  const channels = [alert.channels.push && 'push', alert.channels.email && 'e-mail']
    .filter(Boolean)
    .join(' and ');
  return alert.frequency === 'daily'
    ? `Once a day by ${channels}`
    : `As soon as a job is posted, by ${channels}`;
}

function AlertItem({ alert, enums }: { alert: TJobAlert; enums: TEnums | undefined }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [deleteAlert, deleteState] = useDeleteAlertMutation();
  const onDelete = async () => {
    const result = await deleteAlert(alert._id);
    if (!('error' in result)) setIsConfirming(false);
  };
  const searchLink = `/jobs?${paramsFromCriteria(alert.criteria).toString()}`;
  return (
    <li className={`${cardClasses({ padding: 'sm' })} alert-item`} aria-labelledby={`alert-${alert._id}`}>
      <h2 id={`alert-${alert._id}`} className="alert-item__name">
        {alert.name}
      </h2>
      <p className="alert-item__meta">{describeCriteria(alert.criteria, enums)}</p>
      <p className="alert-item__meta">{describeDelivery(alert)}</p>
      <div className="alert-item__actions">
        <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to={`/alerts/${alert._id}`}>
          Edit <span className="visually-hidden">{alert.name}</span>
        </Link>
        <Link className={buttonClasses({ variant: 'ghost', size: 'sm' })} to={searchLink}>
          See jobs
        </Link>
        <Button size="sm" variant="ghost" onClick={() => setIsConfirming(true)}>
          Delete <span className="visually-hidden">{alert.name}</span>
        </Button>
      </div>
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Delete this job alert?"
        description={`You will no longer hear about new jobs for "${alert.name}".`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
            <Button variant="danger" isLoading={deleteState.isLoading} onClick={() => void onDelete()}>
              Delete alert
            </Button>
          </>
        }
      >
        {deleteState.error && <Alert variant="danger">{deleteState.error.message}</Alert>}
      </Modal>
    </li>
  );
}

export function AlertsScreen() {
  const { data, error, isLoading, refetch } = useGetAlertsQuery();
  const { data: enums } = useGetEnumsQuery();
  const location = useLocation();
  const savedMessage = (location.state as { message?: string } | null)?.message;
  const isFull = (data?.total ?? 0) >= JOB_ALERT_LIMITS.perPhysician;

  return (
    <>
      <title>Job alerts · MedHire for physicians</title>
      <Link to="/jobs" className="alert-screen__back">
        <ArrowLeftIcon size={18} aria-hidden="true" /> Jobs
      </Link>
      <PageHeader
        title="Job alerts"
        description="Saved searches that tell you about new jobs, by push or e-mail."
        actions={
          !isFull && (
            <Link className={buttonClasses({ size: 'sm' })} to="/alerts/new">
              <PlusIcon size={16} aria-hidden="true" /> New alert
            </Link>
          )
        }
      />
      {savedMessage && <Alert variant="success">{savedMessage}</Alert>}
      {isLoading ? (
        <Spinner label="Loading your job alerts" />
      ) : error ? (
        <Alert variant="danger" title="Your job alerts did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.alerts.length === 0 ? (
        <EmptyState
          icon={<BellIcon size={28} />}
          title="No job alerts yet"
          description="Search for jobs, then create an alert from the search to hear about new ones."
          action={
            <Link className={buttonClasses()} to="/alerts/new">
              Create an alert
            </Link>
          }
        />
      ) : (
        <>
          <ul className="alert-list" aria-label="Your job alerts">
            {data.alerts.map((alert) => (
              <AlertItem key={alert._id} alert={alert} enums={enums} />
            ))}
          </ul>
          {isFull && (
            <p className="alert-screen__note">
              You have {JOB_ALERT_LIMITS.perPhysician} alerts, the most you can keep. Delete one to add
              another.
            </p>
          )}
        </>
      )}
    </>
  );
}

interface ChosenPlace {
  description: string;
  latitude: number;
  longitude: number;
}

/** What the form holds: text inputs keep text until the payload is built. */
export interface AlertFormValues {
  name: string;
  criteria: {
    specialty: string;
    state: string;
    employmentType: string;
    minSalary: string;
    radiusMiles: string;
  };
  place: ChosenPlace | null;
  channels: { push: boolean; email: boolean };
  frequency: TJobAlertFrequency;
}

export function alertFormValues(
  alert: Pick<TJobAlert, 'name' | 'channels' | 'frequency'> & { criteria: Partial<TJobSearchCriteria> },
): AlertFormValues {
  const { criteria } = alert;
  return {
    name: alert.name,
    criteria: {
      specialty: criteria.specialty ?? '',
      state: criteria.state ?? '',
      employmentType: criteria.employmentType ?? '',
      minSalary: criteria.minSalary === undefined ? '' : String(criteria.minSalary),
      radiusMiles: String(criteria.radiusMiles ?? DEFAULT_RADIUS_MILES),
    },
    place:
      criteria.latitude !== undefined && criteria.longitude !== undefined
        ? {
            description: criteria.placeName ?? 'the chosen place',
            latitude: criteria.latitude,
            longitude: criteria.longitude,
          }
        : null,
    channels: alert.channels,
    frequency: alert.frequency,
  };
}

/** The form into the alert as the contract has it; the radius travels only with a place. */
export function alertBodyOf(values: AlertFormValues): unknown {
  const { place, criteria } = values;
  return {
    name: values.name,
    criteria: {
      specialty: criteria.specialty,
      state: criteria.state,
      employmentType: criteria.employmentType,
      minSalary: criteria.minSalary.trim() === '' ? undefined : Number(criteria.minSalary),
      ...(place
        ? {
            latitude: place.latitude,
            longitude: place.longitude,
            placeName: place.description,
            radiusMiles: Number(criteria.radiusMiles),
          }
        : {}),
    },
    channels: values.channels,
    frequency: values.frequency,
  };
}

const resolver = contractResolver<typeof ZCreateJobAlertBody, AlertFormValues>(
  ZCreateJobAlertBody,
  alertBodyOf,
);

function AlertForm({
  defaultValues,
  submitLabel,
  errorMessage,
  isSubmitting,
  onSubmit,
}: {
  defaultValues: AlertFormValues;
  submitLabel: string;
  errorMessage?: string;
  isSubmitting: boolean;
  onSubmit: (body: TCreateJobAlertBody) => void;
}) {
  const { data: enums } = useGetEnumsQuery();
  const form = useForm<AlertFormValues, unknown, TCreateJobAlertBody>({ resolver, defaultValues });
  const { errors } = form.formState;
  const place = form.watch('place');
  const frequencyId = useId();
  const channelsId = useId();

  return (
    <form className="alert-form" aria-label="Job alert" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Card title="Name">
        <TextField
          label="Alert name"
          placeholder="e.g. Family medicine near Austin"
          maxLength={JOB_ALERT_LIMITS.nameMax}
          error={errors.name?.message}
          {...form.register('name')}
        />
      </Card>
      <Card title="Which jobs">
        <div className="alert-form__fields">
          <Select
            label="Specialty"
            placeholder="Any specialty"
            options={(enums?.specialties ?? []).map((item) => ({ value: item._id, label: item.title }))}
            defaultValue={defaultValues.criteria.specialty}
            error={errors.criteria?.specialty?.message}
            {...form.register('criteria.specialty')}
          />
          <Select
            label="State"
            placeholder="Any state"
            options={US_STATE_OPTIONS}
            defaultValue={defaultValues.criteria.state}
            error={errors.criteria?.state?.message}
            {...form.register('criteria.state')}
          />
          <Select
            label="Employment type"
            placeholder="Any type"
            options={(enums?.employmentType ?? []).map((item) => ({ value: item._id, label: item.title }))}
            defaultValue={defaultValues.criteria.employmentType}
            error={errors.criteria?.employmentType?.message}
            {...form.register('criteria.employmentType')}
          />
          <TextField
            label="Minimum annual salary (USD)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            isOptional
            error={errors.criteria?.minSalary?.message}
            {...form.register('criteria.minSalary')}
          />
        </div>
        <div className="alert-form__place">
          {place ? (
            <p className="alert-form__chosen-place">
              Near <strong>{place.description}</strong>{' '}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => form.setValue('place', null, { shouldDirty: true })}
              >
                Remove place
              </Button>
            </p>
          ) : (
            <PlaceSearch
              label="Near a place"
              hint="Type a city or ZIP code, then choose it. Leave empty for anywhere."
              onPick={(picked) =>
                form.setValue(
                  'place',
                  {
                    description: picked.description,
                    latitude: picked.coords.latitude,
                    longitude: picked.coords.longitude,
                  },
                  { shouldDirty: true },
                )
              }
            />
          )}
          {place && (
            <Select
              label="Distance"
              options={RADIUS_MILES_OPTIONS.map((miles) => ({
                value: String(miles),
                label: `Within ${miles} miles`,
              }))}
              defaultValue={defaultValues.criteria.radiusMiles}
              error={errors.criteria?.radiusMiles?.message}
              {...form.register('criteria.radiusMiles')}
            />
          )}
        </div>
      </Card>
      <Card title="How to tell you">
        <fieldset className="alert-form__group" aria-describedby={errors.channels ? channelsId : undefined}>
          <legend>Send it by</legend>
          <Checkbox label="Push notification" {...form.register('channels.push')} />
          <Checkbox label="E-mail" {...form.register('channels.email')} />
          {errors.channels?.message && (
            <p id={channelsId} className="alert-form__error" role="alert">
              {errors.channels.message}
            </p>
          )}
        </fieldset>
        <fieldset className="alert-form__group" aria-describedby={errors.frequency ? frequencyId : undefined}>
          <legend>How often</legend>
          <label className="alert-form__radio">
            <input type="radio" value="instant" {...form.register('frequency')} />
            <span>Instant: as soon as a matching job is posted</span>
          </label>
          <label className="alert-form__radio">
            <input type="radio" value="daily" {...form.register('frequency')} />
            <span>Daily: one e-mail a day with the new jobs</span>
          </label>
          {errors.frequency?.message && (
            <p id={frequencyId} className="alert-form__error" role="alert">
              {errors.frequency.message}
            </p>
          )}
        </fieldset>
      </Card>
      {errorMessage && <Alert variant="danger">{errorMessage}</Alert>}
      <Button type="submit" isBlock isLoading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The form waits for the reference lists: a select filled before its options exist would lose its value. */
function AlertFormFrame({ title, children }: { title: string; children: ReactNode }) {
  const enums = useGetEnumsQuery();
  return (
    <>
      <title>{`${title} · MedHire for physicians`}</title>
      <Link to="/alerts" className="alert-screen__back">
        <ArrowLeftIcon size={18} aria-hidden="true" /> Job alerts
      </Link>
      <PageHeader title={title} description="Choose the jobs to hear about, and how." />
      {enums.isLoading ? (
        <Spinner label="Loading" />
      ) : enums.error ? (
        <Alert variant="danger" title="This page did not load">
          <p>{enums.error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void enums.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        children
      )}
    </>
  );
}

/** A new alert; when it comes from a job search, the search's filters are already filled in. */
export function NewAlertScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [createAlert, createState] = useCreateAlertMutation();
  const defaultValues = alertFormValues({
    name: '',
    criteria: criteriaFromParams(params),
    channels: { push: true, email: false },
    frequency: 'instant',
  });
  const onSubmit = async (body: TCreateJobAlertBody) => {
    const result = await createAlert(body);
    if ('data' in result && result.data) {
      navigate('/alerts', { state: { message: 'Your job alert is saved.' } });
    }
  };
  return (
    <AlertFormFrame title="New job alert">
      <AlertForm
        defaultValues={defaultValues}
        submitLabel="Save alert"
        errorMessage={createState.error?.message}
        isSubmitting={createState.isLoading}
        onSubmit={(body) => void onSubmit(body)}
      />
    </AlertFormFrame>
  );
}

export function EditAlertScreen() {
  const { alertId = '' } = useParams();
  const navigate = useNavigate();
  const { data: alert, error, isLoading, refetch } = useGetAlertQuery(alertId);
  const [updateAlert, updateState] = useUpdateAlertMutation();
  const onSubmit = async (body: TCreateJobAlertBody) => {
    const result = await updateAlert({ alertId, body });
    if ('data' in result && result.data) {
      navigate('/alerts', { state: { message: 'Your job alert is updated.' } });
    }
  };
  return (
    <AlertFormFrame title="Edit job alert">
      {isLoading ? (
        <Spinner label="Loading the job alert" />
      ) : error || !alert ? (
        <Alert variant="danger" title="The job alert did not load">
          <p>{error?.message}</p>
          {error && 'status' in error && error.status === 404 ? (
            <Link to="/alerts">Back to your job alerts</Link>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      ) : (
        <AlertForm
          key={alert._id}
          defaultValues={alertFormValues(alert)}
          submitLabel="Save changes"
          errorMessage={updateState.error?.message}
          isSubmitting={updateState.isLoading}
          onSubmit={(body) => void onSubmit(body)}
        />
      )}
    </AlertFormFrame>
  );
}
