import type { TPlace } from '@medhire/contract/account';
import type { TUsPlace } from '@medhire/contract/locations';
import type { TMediaItem, TOrganizationDetails } from '@medhire/contract/organization';
import { ORGANIZATION_LIMITS } from '@medhire/contract/organization';
import {
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  MAX_IMAGE_MEGABYTES,
  MAX_VIDEO_MEGABYTES,
} from '@medhire/contract/uploads';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { EmailField, Select, TextArea, TextField } from '@medhire/ui/field.tsx';
import { ProgressBar } from '@medhire/ui/progress-bar.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { notifyFormError } from '@medhire/ui/toast.ts';
import { type ChangeEvent, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { enumsApi, useEnums } from '../../../app/reference-data.ts';
import { LocationPicker } from '../../../components/ui/location-picker.tsx';
import type { ProfileFormValues, ProfileStep } from '../profile-form-values.ts';
import { LogoField } from './logo-field.tsx';
import type { useMediaUploads } from './use-media-uploads.ts';
import '@medhire/ui/form-grid.css';

export type ProfileForm = UseFormReturn<ProfileFormValues, unknown, TOrganizationDetails>;

/**
 * A number input's value as the form keeps it: '' while blank (as the defaults have it, so a
 * field that was only visited does not count as changed), else the number.
 */
export const numberInput = (value: unknown): number | '' =>
  value === '' || value === null || value === undefined ? '' : Number(value);

/** An error react-hook-form may keep on a list itself or on its `root`. */
function listError(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string') return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}

export function OrganizationSection({
  form,
  onLogoBusyChange,
}: {
  form: ProfileForm;
  onLogoBusyChange: (isBusy: boolean) => void;
}) {
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  return (
    <div className="form-grid">
      <LogoField
        value={watch('logo')}
        onChange={(url) => setValue('logo', url, { shouldDirty: true })}
        onBusyChange={onLogoBusyChange}
        error={errors.logo?.message}
      />
      <TextField
        label="Organization name"
        autoComplete="organization"
        error={errors.organizationName?.message}
        {...register('organizationName')}
      />
      <TextField
        label="Practice manager"
        autoComplete="name"
        hint="The person physicians and MedHire contact about hiring."
        error={errors.practiceManagerName?.message}
        {...register('practiceManagerName')}
      />
      <div className="form-grid__pair">
        <EmailField
          label="Contact e-mail"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(512) 555-0134"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
      </div>
    </div>
  );
}

const searchPlaces = async (text: string, signal: AbortSignal) =>
  (await enumsApi.searchLocation(text, signal)).places;

export function LocationsSection({ form }: { form: ProfileForm }) {
  const {
    register,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitted },
  } = form;
  const locations = watch('orgLocations.locations');

  const onLocationsChange = (next: TPlace[]) => {
    setValue('orgLocations.locations', next, { shouldDirty: true, shouldValidate: isSubmitted });
    const count = Number(getValues('orgLocations.numberOfLocations'));
    // The count can never be below the places listed; keep it in step as places are added.
    const isAdding = next.length > locations.length;
    if (isAdding && (!Number.isFinite(count) || count < next.length)) {
      setValue('orgLocations.numberOfLocations', next.length, {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      });
    }
  };

  return (
    <div className="form-grid">
      <LocationPicker
        label="Your locations"
        value={locations}
        onChange={onLocationsChange}
        search={searchPlaces}
        toLocation={(place: TUsPlace): TPlace => ({ description: place.description, coords: place.coords })}
        emptyText="No locations yet."
        error={listError(errors.orgLocations?.locations)}
      />
      <TextField
        label="Number of locations"
        type="number"
        inputMode="numeric"
        min={1}
        className="form-grid__short"
        hint="Including sites not listed above."
        error={errors.orgLocations?.numberOfLocations?.message}
        {...register('orgLocations.numberOfLocations', { setValueAs: numberInput })}
      />
    </div>
  );
}

export function PracticeSection({ form }: { form: ProfileForm }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const { enums, isLoading, error, retry } = useEnums();
  const aboutUs = watch('features.aboutUs');
  return (
    <div className="form-grid">
      {/* Rendered only with its options: a select without them would lose the stored choice. */}
      {enums ? (
        <Select
          label="Practice type"
          placeholder="Choose a practice type"
          options={enums.practiceType.map((type) => ({ value: type._id, label: type.title }))}
          error={errors.features?.practiceType?.message}
          {...register('features.practiceType')}
        />
      ) : error && !isLoading ? (
        <Alert variant="danger" title="We couldn't load the practice types">
          {error}{' '}
          <Button variant="secondary" size="sm" onClick={retry}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div className="field" aria-busy="true">
          <span className="field__label">Practice type</span>
          <Skeleton height="3rem" radius="10px" />
          <span className="visually-hidden">Loading practice types…</span>
        </div>
      )}
      <div className="form-grid__pair">
        <TextField
          label="Physicians"
          type="number"
          inputMode="numeric"
          min={0}
          hint="How many physicians work in the practice."
          error={errors.features?.noOfPhysician?.message}
          {...register('features.noOfPhysician', { setValueAs: numberInput })}
        />
        <TextField
          label="Non-physician providers"
          type="number"
          inputMode="numeric"
          min={0}
          isOptional
          hint="Nurse practitioners, physician assistants and others."
          error={errors.features?.nonPhysicianProvider?.message}
          {...register('features.nonPhysicianProvider', { setValueAs: numberInput })}
        />
      </div>
      <TextArea
        label="About us"
        isOptional
        rows={6}
        maxLength={ORGANIZATION_LIMITS.aboutUsMax}
        hint={`What makes your practice a good place to work. ${aboutUs.length} of ${ORGANIZATION_LIMITS.aboutUsMax} characters.`}
        error={errors.features?.aboutUs?.message}
        {...register('features.aboutUs')}
      />
    </div>
  );
}

const MEDIA_TYPES = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES].join(',');

export function MediaSection({
  form,
  uploads,
  onRemoveSaved,
}: {
  form: ProfileForm;
  uploads: ReturnType<typeof useMediaUploads>;
  /** Called with each saved item the person removes. */
  onRemoveSaved?: (item: TMediaItem) => void;
}) {
  const inputId = useId();
  const {
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const media = watch('media');

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    for (const { name, reason } of uploads.add(chosen)) notifyFormError(`${name}: ${reason}`);
  };

  const remove = (item: TMediaItem) => {
    setValue(
      'media',
      getValues('media').filter((entry) => entry.key !== item.key),
      { shouldDirty: true },
    );
    onRemoveSaved?.(item);
  };

  const isEmpty = media.length === 0 && uploads.uploads.length === 0;

  return (
    <div className="form-grid">
      <div className="media-picker">
        <label className="button button--secondary file-button" htmlFor={inputId}>
          Add photos or videos
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept={MEDIA_TYPES}
          className="visually-hidden"
          onChange={onFiles}
        />
        <p className="field__hint">
          Photos (JPEG, PNG, WebP, GIF) up to {MAX_IMAGE_MEGABYTES} MB and videos (MP4, WebM, MOV) up to{' '}
          {MAX_VIDEO_MEGABYTES} MB; {ORGANIZATION_LIMITS.mediaMax} files in all.
        </p>
      </div>
      {listError(errors.media) && <p className="field__error">{listError(errors.media)}</p>}
      {isEmpty ? (
        <p className="media-grid__empty">No photos or videos yet. You can also add them later.</p>
      ) : (
        <ul className="media-grid" aria-label="Photos and videos">
          {media.map((item, index) => {
            const name = `${item.kind === 'video' ? 'video' : 'photo'} ${index + 1}`;
            return (
              <li key={item.key} className="media-tile">
                <MediaPreview
                  kind={item.kind}
                  url={item.thumbnailUrl ?? item.url}
                  isPoster={!!item.thumbnailUrl}
                  name={name}
                />
                <div className="media-tile__bar">
                  <span className="media-tile__name">{item.kind === 'video' ? 'Video' : 'Photo'}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => remove(item)}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
          {uploads.uploads.map((upload) => (
            <li key={upload.id} className="media-tile media-tile--pending">
              <MediaPreview kind={upload.kind} url={upload.previewUrl} name={upload.name} />
              <div className="media-tile__status">
                {upload.status === 'uploading' ? (
                  <ProgressBar fraction={upload.fraction} label={`Uploading ${upload.name}`} />
                ) : (
                  <p className="field__error">{upload.error}</p>
                )}
              </div>
              <div className="media-tile__bar">
                <span className="media-tile__name" title={upload.name}>
                  {upload.name}
                </span>
                {upload.status === 'failed' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => uploads.retry(upload.id)}
                    aria-label={`Retry ${upload.name}`}
                  >
                    Retry
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => uploads.cancel(upload.id)}
                  aria-label={`${upload.status === 'uploading' ? 'Cancel' : 'Remove'} ${upload.name}`}
                >
                  {upload.status === 'uploading' ? 'Cancel' : 'Remove'}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MediaPreview({
  kind,
  url,
  name,
  isPoster = false,
}: {
  kind: 'image' | 'video';
  url: string;
  name: string;
  isPoster?: boolean;
}) {
  if (kind === 'video' && !isPoster) {
    return <video className="media-tile__preview" src={url} muted preload="metadata" aria-label={name} />;
  }
  return <img className="media-tile__preview" src={url} alt={name} loading="lazy" />;
}

export function LinksSection({ form }: { form: ProfileForm }) {
  const {
    register,
    formState: { errors },
  } = form;
  const linkField = (
    name: 'websiteUrl' | 'facebook' | 'twitter' | 'instagram',
    label: string,
    placeholder: string,
  ) => (
    <TextField
      label={label}
      type="url"
      inputMode="url"
      autoComplete="url"
      autoCapitalize="none"
      spellCheck={false}
      isOptional
      placeholder={placeholder}
      error={errors.socialLinks?.[name]?.message}
      {...register(`socialLinks.${name}`)}
    />
  );
  return (
    <div className="form-grid">
      {linkField('websiteUrl', 'Website', 'https://www.yourpractice.com')}
      <div className="form-grid__pair">
        {linkField('facebook', 'Facebook', 'facebook.com/yourpractice')}
        {linkField('instagram', 'Instagram', 'instagram.com/yourpractice')}
      </div>
      {linkField('twitter', 'X (Twitter)', 'x.com/yourpractice')}
    </div>
  );
}

export interface ProfileSectionProps {
  /** Which part of the profile: every step of the set-up but the review. */
  id: Exclude<ProfileStep['id'], 'review'>;
  form: ProfileForm;
  uploads: ReturnType<typeof useMediaUploads>;
  onLogoBusyChange: (isBusy: boolean) => void;
  /** Called with each saved photo or video the person removes. */
  onRemoveSavedMedia?: (item: TMediaItem) => void;
}

/**
 * One part of the organisation profile form: the set-up shows them a step at a time, the editor
 * all at once, each in its card.
 */
export function ProfileSection({
  id,
  form,
  uploads,
  onLogoBusyChange,
  onRemoveSavedMedia,
}: ProfileSectionProps) {
  switch (id) {
    case 'organisation':
      return <OrganizationSection form={form} onLogoBusyChange={onLogoBusyChange} />;
    case 'locations':
      return <LocationsSection form={form} />;
    case 'practice':
      return <PracticeSection form={form} />;
    case 'media':
      return <MediaSection form={form} uploads={uploads} onRemoveSaved={onRemoveSavedMedia} />;
    case 'links':
      return <LinksSection form={form} />;
  }
}
