import type { TPlace } from '@medhire/contract/account';
import {
  PHYSICIAN_LIMITS,
  type TPhysicianProfile,
  type TPhysicianProfileBody,
  ZPhysicianProfileBody,
} from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Checkbox, Select, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { US_STATE_OPTIONS } from '@medhire/ui/us-states.ts';
import { type ChangeEvent, useId, useState } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { useGetEnumsQuery } from '../../lib/enums-api.ts';
import { PlaceSearch } from '../../lib/place-search.tsx';
import { profileUpdated } from '../../lib/session-slice.ts';
import {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useUploadCvMutation,
  useUploadPhotoMutation,
} from './profile-api.ts';
import './profile.css';

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
  isDiscoverable: boolean;
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
    isDiscoverable: profile.isDiscoverable,
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
  };
}

interface Option {
  value: string;
  label: string;
}

function CheckboxGroup({
  control,
  name,
  legend,
  options,
}: {
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
            label="Specialty"
            placeholder="Choose a specialty"
            options={(enums?.specialties ?? []).map((item) => ({ value: item._id, label: item.title }))}
            error={errors.specialty?.message}
            {...form.register('specialty', {
              onChange: () => form.setValue('subSpecialty', []),
            })}
          />
          <Select
            label="Board status"
            placeholder="Choose your board status"
            options={(enums?.boardStatus ?? []).map((item) => ({ value: item._id, label: item.title }))}
            error={errors.boardStatus?.message}
            {...form.register('boardStatus')}
          />
          <TextField
            label="Years of experience"
            type="number"
            inputMode="numeric"
            min={0}
            max={PHYSICIAN_LIMITS.yearsOfExperienceMax}
            error={errors.yearsOfExperience?.message}
            {...form.register('yearsOfExperience')}
          />
          <Select
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
          control={form.control}
          name="employmentTypes"
          legend="Employment types you would consider"
          options={(enums?.employmentType ?? []).map((item) => ({ value: item._id, label: item.title }))}
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
        <Checkbox
          label="Employers may find me and invite me to jobs"
          hint="Turn this off to apply only where you choose."
          {...form.register('isDiscoverable')}
        />
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
            <input type="file" accept="application/pdf,.pdf" onChange={(event) => void onCv(event)} />
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
          <Uploads profile={profile} />
          <ProfileForm key={profile._id} profile={profile} />
        </>
      )}
    </>
  );
}
