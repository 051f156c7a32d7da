import type { TPlace } from '@medhire/contract/account';
import {
  PHYSICIAN_LIMITS,
  type TPhysicianProfile,
  type TPhysicianProfileBody,
  type TRAINING_KINDS,
  ZPhysicianProfileBody,
} from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Checkbox, Select, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { ProgressBar } from '@medhire/ui/progress-bar.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { US_STATE_OPTIONS } from '@medhire/ui/us-states.ts';
import { type ChangeEvent, type MouseEvent, useId, useState } from 'react';
import { type Control, useController, useFieldArray, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { useGetEnumsQuery } from '../../lib/enums-api.ts';
import { PlaceSearch } from '../../lib/place-search.tsx';
import { profileUpdated } from '../../lib/session-slice.ts';
import { LicensesCard, NEW_LICENSE_FIELD_ID } from './licenses-card.tsx';
import {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadCvMutation,
  useUploadPhotoMutation,
} from './profile-api.ts';
import './profile.css';

/** One residency or fellowship as the form holds it: years stay text until the payload is built. */
export interface TrainingFormValues {
  kind: (typeof TRAINING_KINDS)[number];
  program: string;
  institution: string;
  specialty: string;
  startYear: string;
  endYear: string;
}

/** What the form holds: text inputs keep text until the payload is built. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  npiNumber: string;
  specialty: string;
  subSpecialty: string[];
  boardStatus: string;
  yearsOfExperience: string;
  yearAvailableToStart: string;
  homeLocation: (TPlace & { state: string }) | null;
  statesOfInterest: string[];
  citiesOfInterest: TPlace[];
  employmentTypes: string[];
  needsVisa: boolean;
  training: TrainingFormValues[];
}

export function formValuesOf(profile: TPhysicianProfile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    npiNumber: profile.npiNumber ?? '',
    specialty: profile.specialty ?? '',
    subSpecialty: profile.subSpecialty,
    boardStatus: profile.boardStatus ?? '',
    yearsOfExperience: profile.yearsOfExperience === null ? '' : String(profile.yearsOfExperience),
    yearAvailableToStart: profile.yearAvailableToStart === null ? '' : String(profile.yearAvailableToStart),
    homeLocation: profile.homeLocation,
    statesOfInterest: profile.statesOfInterest,
    citiesOfInterest: profile.citiesOfInterest,
    employmentTypes: profile.employmentTypes,
    needsVisa: profile.needsVisa,
    training: profile.training.map((item) => ({
      kind: item.kind,
      program: item.program,
      institution: item.institution,
      specialty: item.specialty,
      startYear: String(item.startYear),
      endYear: item.endYear == null ? '' : String(item.endYear),
    })),
  };
}

/** The form's text into the payload's numbers; blanks are dropped by the resolver. */
export function payloadOf(values: ProfileFormValues): unknown {
  const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
  return {
    ...values,
    yearsOfExperience: toNumber(values.yearsOfExperience),
    yearAvailableToStart: toNumber(values.yearAvailableToStart),
    homeLocation: values.homeLocation ?? undefined,
    training: values.training.map((item) => ({
      ...item,
      startYear: toNumber(item.startYear),
      endYear: toNumber(item.endYear),
    })),
  };
}

/**
 * Where each item of the completeness list (the server's words) takes the physician: the
 * field that fills it in.
 */
const FIELD_OF_MISSING_ITEM: Readonly<Record<string, string>> = {
  Specialty: 'profile-specialty',
  'Board status': 'profile-board-status',
  'Years of experience': 'profile-years-of-experience',
  'Year you can start': 'profile-start-year',
  'Where you live': 'profile-home-city',
  'Where you want to work': 'profile-add-city',
  'Employment types you want': 'profile-employment-types',
  'State medical license': NEW_LICENSE_FIELD_ID,
  'Residency or fellowship training': 'profile-add-training',
  'NPI number': 'profile-npi',
  CV: 'profile-cv',
  'Profile photo': 'profile-photo',
};

function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const target = document.getElementById(fieldId);
  if (!target) return;
  event.preventDefault();
  // A group (fieldset) is focused through its first choice.
  const focusable = target.matches('input, select, textarea, button')
    ? target
    : target.querySelector<HTMLElement>('input, select, textarea, button');
  target.scrollIntoView({ block: 'center' });
  (focusable ?? target).focus();
}

function CompletenessCard({ profile }: { profile: TPhysicianProfile }) {
  const { percent, missing } = profile.completeness;
  return (
    <Card title="How complete your profile is" aria-label="Profile completeness">
      <p className="profile-completeness__percent">
        Your profile is <strong>{percent}%</strong> complete.
      </p>
      <ProgressBar fraction={percent / 100} label="Profile completeness" />
      {missing.length > 0 ? (
        <>
          <p className="profile-completeness__lead">Employers also look for:</p>
          <ul className="profile-completeness__missing" aria-label="Missing from your profile">
            {missing.map((item) => {
              const fieldId = FIELD_OF_MISSING_ITEM[item];
              return (
                <li key={item}>
                  {fieldId ? (
                    <a href={`#${fieldId}`} onClick={(event) => focusField(event, fieldId)}>
                      {item}
                    </a>
                  ) : (
                    item
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="profile-completeness__lead">Everything employers look for is there.</p>
      )}
    </Card>
  );
}

const TRAINING_KIND_OPTIONS = [
  { value: 'residency', label: 'Residency' },
  { value: 'fellowship', label: 'Fellowship' },
] as const satisfies readonly { value: (typeof TRAINING_KINDS)[number]; label: string }[];

function TrainingFields({
  control,
  register,
  errors,
  specialties,
}: {
  control: Control<ProfileFormValues, unknown, TPhysicianProfileBody>;
  register: ReturnType<typeof useForm<ProfileFormValues, unknown, TPhysicianProfileBody>>['register'];
  errors: ReturnType<
    typeof useForm<ProfileFormValues, unknown, TPhysicianProfileBody>
  >['formState']['errors'];
  specialties: readonly Option[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'training' });
  return (
    <div className="profile-training">
      {fields.length === 0 && (
        <p className="profile-training__empty">No residency or fellowship listed yet.</p>
      )}
      <ol className="profile-training__list">
        {fields.map((field, index) => {
          const itemErrors = errors.training?.[index];
          const number = index + 1;
          return (
            <li key={field.id} className="profile-training__item">
              <fieldset className="profile-form__group">
                <legend>Training {number}</legend>
                <div className="profile-form__fields">
                  <Select
                    label="Kind"
                    options={TRAINING_KIND_OPTIONS}
                    defaultValue={field.kind}
                    error={itemErrors?.kind?.message}
                    {...register(`training.${index}.kind`)}
                  />
                  <Select
                    label="Specialty of the program"
                    placeholder="Choose a specialty"
                    options={specialties}
                    defaultValue={field.specialty}
                    error={itemErrors?.specialty?.message}
                    {...register(`training.${index}.specialty`)}
                  />
                  <TextField
                    label="Program"
                    error={itemErrors?.program?.message}
                    {...register(`training.${index}.program`)}
                  />
                  <TextField
                    label="Institution"
                    error={itemErrors?.institution?.message}
                    {...register(`training.${index}.institution`)}
                  />
                  <TextField
                    label="Start year"
                    type="number"
                    inputMode="numeric"
                    error={itemErrors?.startYear?.message}
                    {...register(`training.${index}.startYear`)}
                  />
                  <TextField
                    label="End year"
                    type="number"
                    inputMode="numeric"
                    isOptional
                    hint="Leave empty while the training goes on."
                    error={itemErrors?.endYear?.message}
                    {...register(`training.${index}.endYear`)}
                  />
                </div>
                <Button size="sm" variant="ghost" onClick={() => remove(index)}>
                  Remove training {number}
                </Button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors.training?.message && (
        <p className="profile-form__error" role="alert">
          {errors.training.message}
        </p>
      )}
      {fields.length < PHYSICIAN_LIMITS.trainingMax && (
        <Button
          id="profile-add-training"
          size="sm"
          variant="secondary"
          onClick={() =>
            append({
              kind: 'residency',
              program: '',
              institution: '',
              specialty: '',
              startYear: '',
              endYear: '',
            })
          }
        >
          Add a residency or fellowship
        </Button>
      )}
    </div>
  );
}

interface Option {
  value: string;
  label: string;
}

function CheckboxGroup({
  id,
  control,
  name,
  legend,
  options,
}: {
  id?: string;
  control: Control<ProfileFormValues, unknown, TPhysicianProfileBody>;
  name: 'subSpecialty' | 'statesOfInterest' | 'employmentTypes';
  legend: string;
  options: readonly Option[];
}) {
  const { field, fieldState } = useController({ control, name });
  const groupId = useId();
  const selected = new Set(field.value);
  const toggle = (value: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = new Set(selected);
    if (event.target.checked) next.add(value);
    else next.delete(value);
    field.onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  };
  return (
    <fieldset
      id={id}
      className="profile-form__group"
      aria-describedby={fieldState.error ? `${groupId}-error` : undefined}
    >
      <legend>{legend}</legend>
      <div className="profile-form__choices">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={selected.has(option.value)}
            onChange={toggle(option.value)}
          />
        ))}
      </div>
      {fieldState.error?.message && (
        <p id={`${groupId}-error`} className="profile-form__error" role="alert">
          {fieldState.error.message}
        </p>
      )}
    </fieldset>
  );
}

const thisYear = new Date().getFullYear();
const START_YEARS = Array.from({ length: 8 }, (_, index) => String(thisYear + index)).map((year) => ({
  value: year,
  label: year,
}));

function ProfileForm({ profile }: { profile: TPhysicianProfile }) {
  const dispatch = useAppDispatch();
  const { data: enums } = useGetEnumsQuery();
  const [updateProfile, updateState] = useUpdateProfileMutation();
  const [isSaved, setIsSaved] = useState(false);
  const form = useForm<ProfileFormValues, unknown, TPhysicianProfileBody>({
    resolver: contractResolver<typeof ZPhysicianProfileBody, ProfileFormValues>(
      ZPhysicianProfileBody,
      payloadOf,
    ),
    defaultValues: formValuesOf(profile),
  });
  const { errors, isDirty } = form.formState;
  const specialty = form.watch('specialty');
  const homeLocation = form.watch('homeLocation');
  const cities = form.watch('citiesOfInterest');
  const subSpecialties = (enums?.subSpecialties ?? []).filter((item) => item.specialtyId === specialty);

  const onSubmit = form.handleSubmit(async (body) => {
    setIsSaved(false);
    const result = await updateProfile(body);
    if ('data' in result && result.data) {
      dispatch(profileUpdated(result.data));
      form.reset(formValuesOf(result.data));
      setIsSaved(true);
    }
  });

  return (
    <form className="profile-form" onSubmit={onSubmit} noValidate aria-label="Profile">
      <Card title="About you">
        <div className="profile-form__fields">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <TextField
            id="profile-npi"
            label="NPI number"
            inputMode="numeric"
            isOptional
            hint="Your 10-digit National Provider Identifier."
            error={errors.npiNumber?.message}
            {...form.register('npiNumber')}
          />
        </div>
      </Card>

      <Card title="Practice">
        <div className="profile-form__fields">
          <Select
            id="profile-specialty"
            label="Specialty"
            placeholder="Choose a specialty"
            options={(enums?.specialties ?? []).map((item) => ({ value: item._id, label: item.title }))}
            error={errors.specialty?.message}
            {...form.register('specialty', {
              onChange: () => form.setValue('subSpecialty', []),
            })}
          />
          <Select
            id="profile-board-status"
            label="Board status"
            placeholder="Choose your board status"
            options={(enums?.boardStatus ?? []).map((item) => ({ value: item._id, label: item.title }))}
            error={errors.boardStatus?.message}
            {...form.register('boardStatus')}
          />
          <TextField
            id="profile-years-of-experience"
            label="Years of experience"
            type="number"
            inputMode="numeric"
            min={0}
            max={PHYSICIAN_LIMITS.yearsOfExperienceMax}
            error={errors.yearsOfExperience?.message}
            {...form.register('yearsOfExperience')}
          />
          <Select
            id="profile-start-year"
            label="Available to start in"
            placeholder="Choose a year"
            options={START_YEARS}
            error={errors.yearAvailableToStart?.message}
            {...form.register('yearAvailableToStart')}
          />
        </div>
        {subSpecialties.length > 0 && (
          <CheckboxGroup
            control={form.control}
            name="subSpecialty"
            legend="Sub-specialties"
            options={subSpecialties.map((item) => ({ value: item._id, label: item.title }))}
          />
        )}
        <CheckboxGroup
          id="profile-employment-types"
          control={form.control}
          name="employmentTypes"
          legend="Employment types you would consider"
          options={(enums?.employmentType ?? []).map((item) => ({ value: item._id, label: item.title }))}
        />
      </Card>

      <Card title="Residency and fellowships">
        <TrainingFields
          control={form.control}
          register={form.register}
          errors={errors}
          specialties={(enums?.specialties ?? []).map((item) => ({ value: item._id, label: item.title }))}
        />
      </Card>

      <Card title="Where">
        <div className="profile-form__place">
          <p className="profile-form__current">
            Home: <strong>{homeLocation?.description ?? 'not set'}</strong>
          </p>
          {errors.homeLocation?.message && (
            <p className="profile-form__error" role="alert">
              {errors.homeLocation.message}
            </p>
          )}
          <PlaceSearch
            id="profile-home-city"
            label="Home city"
            hint="Type your city or ZIP code, then choose it."
            onPick={(place) =>
              form.setValue(
                'homeLocation',
                { description: place.description, coords: place.coords, state: place.state },
                { shouldDirty: true },
              )
            }
          />
        </div>
        <div className="profile-form__place">
          <p className="profile-form__current">Cities you would move to</p>
          <ul className="profile-form__chips">
            {cities.map((city) => (
              <li key={city.description}>
                {city.description}{' '}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${city.description}`}
                  onClick={() =>
                    form.setValue(
                      'citiesOfInterest',
                      cities.filter((item) => item.description !== city.description),
                      { shouldDirty: true },
                    )
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {cities.length < PHYSICIAN_LIMITS.citiesOfInterestMax && (
            <PlaceSearch
              id="profile-add-city"
              label="Add a city"
              onPick={(place) => {
                if (cities.some((item) => item.description === place.description)) return;
                form.setValue(
                  'citiesOfInterest',
                  [...cities, { description: place.description, coords: place.coords }],
                  {
                    shouldDirty: true,
                  },
                );
              }}
            />
          )}
        </div>
        <details className="profile-form__states">
          <summary>States you would work in ({form.watch('statesOfInterest').length} chosen)</summary>
          <CheckboxGroup
            control={form.control}
            name="statesOfInterest"
            legend="States of interest"
            options={US_STATE_OPTIONS}
          />
        </details>
      </Card>

      <Card title="Preferences">
        <Checkbox label="I will need visa sponsorship" {...form.register('needsVisa')} />
        <p className="profile-form__visibility">
          Whether employers find you, and which organizations never see you:{' '}
          <Link to="/visibility">Who can see you</Link>
        </p>
      </Card>

      {updateState.error && <Alert variant="danger">{updateState.error.message}</Alert>}
      {isSaved && !isDirty && (
        <p role="status" className="profile-form__saved">
          Your profile is saved.
        </p>
      )}
      <Button type="submit" isBlock isLoading={updateState.isLoading}>
        Save profile
      </Button>
    </form>
  );
}

function Uploads({ profile }: { profile: TPhysicianProfile }) {
  const dispatch = useAppDispatch();
  const [uploadCv, cvState] = useUploadCvMutation();
  const [uploadPhoto, photoState] = useUploadPhotoMutation();
  const [updateProfile, photoSaveState] = useUpdateProfileMutation();

  const onCv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await uploadCv(file);
    if ('data' in result && result.data) dispatch(profileUpdated(result.data));
  };
  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const uploaded = await uploadPhoto(file);
    if (!('data' in uploaded) || !uploaded.data) return;
    const saved = await updateProfile({ photo: uploaded.data.url });
    if ('data' in saved && saved.data) dispatch(profileUpdated(saved.data));
  };
  const photoError = photoState.error ?? photoSaveState.error;

  return (
    <Card title="Photo and CV">
      <div className="profile-uploads">
        <div className="profile-uploads__item">
          {profile.photo ? (
            <img
              className="profile-uploads__photo"
              src={profile.photo}
              alt="Your profile"
              width={96}
              height={96}
            />
          ) : (
            <span className="profile-uploads__placeholder" aria-hidden="true">
              {profile.firstName.charAt(0)}
              {profile.lastName.charAt(0)}
            </span>
          )}
          <label className="profile-uploads__label">
            <span>{profile.photo ? 'Change photo' : 'Add a photo'}</span>
            <input
              id="profile-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => void onPhoto(event)}
            />
          </label>
          {(photoState.isLoading || photoSaveState.isLoading) && (
            <Spinner size="sm" label="Uploading the photo" />
          )}
          {photoError && <Alert variant="danger">{photoError.message}</Alert>}
        </div>
        <div className="profile-uploads__item">
          <p className="profile-uploads__cv">
            {profile.cvUrl ? (
              <a href={profile.cvUrl} target="_blank" rel="noreferrer">
                Your CV (PDF)
              </a>
            ) : (
              'No CV yet. Employers see it when you apply.'
            )}
          </p>
          <label className="profile-uploads__label">
            <span>{profile.cvUrl ? 'Replace CV' : 'Upload CV'}</span>
            <input
              id="profile-cv"
              type="file"
              accept="application/pdf,.pdf"
              onChange={(event) => void onCv(event)}
            />
          </label>
          <span className="profile-uploads__hint">
            PDF, at most {PHYSICIAN_LIMITS.cvMaxBytes / (1024 * 1024)} MB.
          </span>
          {cvState.isLoading && <Spinner size="sm" label="Uploading the CV" />}
          {cvState.error && <Alert variant="danger">{cvState.error.message}</Alert>}
        </div>
      </div>
    </Card>
  );
}

export function ProfileScreen() {
  const [params] = useSearchParams();
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();
  // The form waits for the reference lists too: a select filled before its options exist would
  // show "Choose a specialty" for a physician who has one.
  const enums = useGetEnumsQuery();

  return (
    <>
      <title>Profile · MedHire for physicians</title>
      <PageHeader
        title="Your profile"
        description="What employers see when you apply or when they find you."
        actions={
          <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to="/visibility">
            Who can see you
          </Link>
        }
      />
      {params.get('welcome') && profile && !profile.isComplete && (
        <Alert variant="info" title="Welcome to MedHire">
          Add your specialty, board status, experience, start year and home city, and you can apply to any job
          in two taps.
        </Alert>
      )}
      {isLoading || enums.isLoading ? (
        <Spinner label="Loading your profile" />
      ) : error || enums.error || !profile ? (
        <Alert variant="danger" title="Your profile did not load">
          <p>{(error ?? enums.error)?.message}</p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void refetch();
              void enums.refetch();
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <CompletenessCard profile={profile} />
          <Uploads profile={profile} />
          <ProfileForm key={profile._id} profile={profile} />
          <LicensesCard licenses={profile.licenses} />
        </>
      )}
    </>
  );
}
