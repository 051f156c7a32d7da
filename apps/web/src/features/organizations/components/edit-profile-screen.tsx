import type { TUser } from '@medhire/contract/account';
import {
  type TMediaItem,
  type TOrganization,
  type TOrganizationDetails,
  ZOrganizationDetails,
} from '@medhire/contract/organization';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { BuildingIcon, SparkIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { notifyFormError, notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useEnums } from '../../../app/reference-data.ts';
import { selectUser } from '../../../app/session.ts';
import { useCan, useRoleLabel, whoCan } from '../../../app/use-can.ts';
import { ServerForm, useServerError } from '../../../components/form-error.tsx';
import { describeError } from '../../../lib/http.ts';
import { organizationApi } from '../api/organization-api.ts';
import { organizationLoaded } from '../organizations-slice.ts';
import { type ProfileFormValues, profileValuesFromOrganization } from '../profile-form-values.ts';
import { AccountSettings } from './account-settings.tsx';
import { ProfileReview } from './profile-review.tsx';
import { type ProfileForm, ProfileSection, type ProfileSectionProps } from './profile-sections.tsx';
import { fetchStoredOrganization, OrganizationLoadStatus } from './stored-organization.tsx';
import { useMediaUploads } from './use-media-uploads.ts';
import './profile.css';

export const PROFILE_SAVED_MESSAGE = 'Your organization profile is saved.';

/**
 * /edit-profile: the organisation profile in one page, then the account's own settings. A role
 * that cannot edit the organisation (organization.edit) reads the profile instead and still has
 * its own notification and account settings here.
 */
export interface EditProfileScreenProps {
  /** The person's notification settings, owned by the notifications feature and composed in by the app. */
  notificationSettings?: ReactNode;
}

export function EditProfileScreen({ notificationSettings }: EditProfileScreenProps) {
  const user = useAppSelector(selectUser);
  const canEdit = useCan('organization.edit');
  return (
    <div className="profile-screen">
      <title>Organization profile · MedHire</title>
      <PageHeader
        title="Organization profile"
        description={
          canEdit
            ? 'Keep your details current; physicians see them on every job you post.'
            : 'What physicians see about your organization, and your own account settings.'
        }
        actions={
          canEdit && (
            <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
              <SparkIcon size={18} />
              Candidate preferences
            </Link>
          )
        }
      />
      {user && <OrganizationLoader user={user} />}
      {user && notificationSettings}
      {user && <AccountSettings user={user} />}
    </div>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; organization: TOrganization };

function OrganizationLoader({ user }: { user: TUser }) {
  const dispatch = useAppDispatch();
  const canEdit = useCan('organization.edit');
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const userId = user._id;
  const hasOrganization = user.organizationId !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!hasOrganization) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchStoredOrganization(dispatch, userId, controller.signal)
      .then((organization) => {
        setState(organization ? { status: 'ready', organization } : { status: 'missing' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, hasOrganization, attempt]);

  if (state.status === 'loading' || state.status === 'failed') {
    return (
      <OrganizationLoadStatus
        state={state}
        noun="your organization profile"
        onRetry={() => setAttempt((count) => count + 1)}
      />
    );
  }
  if (state.status === 'missing') {
    return (
      <EmptyState
        icon={<BuildingIcon size={26} />}
        title="No organization profile yet"
        description={
          canEdit
            ? 'Establish your profile so physicians can learn about your practice.'
            : `${capitalise(whoCan('organization.edit'))} establishes the profile physicians see.`
        }
        action={
          canEdit && (
            <Link className={buttonClasses()} to="/establish-profile">
              Establish your profile
            </Link>
          )
        }
      />
    );
  }
  if (!canEdit) return <ProfileReadOnly organization={state.organization} />;
  return (
    <ProfileEditor
      user={user}
      organization={state.organization}
      onSaved={(organization) => setState({ status: 'ready', organization })}
    />
  );
}

/** The profile for a member whose role reads it but cannot change it. */
function ProfileReadOnly({ organization }: { organization: TOrganization }) {
  const { enums } = useEnums();
  const roleLabel = useRoleLabel();
  const values = profileValuesFromOrganization(organization);
  const practiceTypeTitle = enums?.practiceType.find(
    (type) => type._id === values.features.practiceType,
  )?.title;
  return (
    <Card
      title="What physicians see"
      description="Read-only for your role."
      headingLevel={2}
      className="profile-read-only"
    >
      <Alert variant="info">
        <p>
          Your role ({roleLabel}) can read the organization profile; {whoCan('organization.edit')} edits it.
        </p>
      </Alert>
      <ProfileReview values={values} practiceTypeTitle={practiceTypeTitle} />
    </Card>
  );
}

/** The editor's cards, in the order of the set-up's steps. */
const EDITOR_SECTIONS: readonly { id: ProfileSectionProps['id']; title: string; description: string }[] = [
  { id: 'organisation', title: 'Organization', description: 'Your logo, name and contact details.' },
  { id: 'locations', title: 'Locations', description: 'Where your physicians practice.' },
  {
    id: 'practice',
    title: 'Practice',
    description: 'The kind of practice and the team a new physician joins.',
  },
  { id: 'media', title: 'Photos and videos', description: 'Your facilities and team.' },
  { id: 'links', title: 'Links', description: 'Your website and social profiles.' },
];

function ProfileEditor({
  user,
  organization,
  onSaved,
}: {
  user: TUser;
  organization: TOrganization;
  onSaved: (organization: TOrganization) => void;
}) {
  const dispatch = useAppDispatch();
  const serverError = useServerError();
  const [isLogoBusy, setIsLogoBusy] = useState(false);
  /** Saved photos and videos the person removed: the server deletes their files on save. */
  const [removedKeys, setRemovedKeys] = useState<string[]>([]);
  const form: ProfileForm = useForm<ProfileFormValues, unknown, TOrganizationDetails>({
    resolver: contractResolver<typeof ZOrganizationDetails, ProfileFormValues>(ZOrganizationDetails),
    defaultValues: profileValuesFromOrganization(organization),
    mode: 'onTouched',
  });
  const uploads = useMediaUploads((item) =>
    form.setValue('media', [...form.getValues('media'), item], { shouldDirty: true }),
  );
  const isBusy = isLogoBusy || uploads.isUploading;
  const savedKeys = new Set(organization.media.map((item) => item.key));

  const onRemoveMedia = (item: TMediaItem) => {
    if (savedKeys.has(item.key)) setRemovedKeys((keys) => [...keys, item.key]);
  };

  const save = form.handleSubmit(
    async (details) => {
      serverError.setMessage(null);
      if (isBusy) {
        notifyFormError('Wait for the uploads to finish, or cancel them.');
        return;
      }
      const namesByPlace = new Map(
        (organization.locationsDetails ?? []).map((detail) => [detail.description, detail.name]),
      );
      await serverError.attempt(async () => {
        const saved = await organizationApi.updateProfile(user._id, {
          ...details,
          deletedImgskeys: removedKeys,
          locationsDetails: details.orgLocations.locations.map((place) => ({
            ...place,
            name: namesByPlace.get(place.description),
          })),
        });
        // The answer carries the stored organisation; without it, what was sent is what is stored.
        const next: TOrganization = saved?.organization ?? {
          ...organization,
          ...details,
          logo: details.logo ?? null,
          media: details.media ?? [],
          socialLinks: details.socialLinks ?? null,
        };
        dispatch(organizationLoaded(next));
        setRemovedKeys([]);
        form.reset(profileValuesFromOrganization(next));
        onSaved(next);
        notifySuccess(PROFILE_SAVED_MESSAGE);
      });
    },
    (errors: FieldErrors<ProfileFormValues>) => {
      const count = Object.keys(errors).length;
      notifyFormError(
        `Check the highlighted fields: ${count} ${count === 1 ? 'part needs' : 'parts need'} attention.`,
      );
    },
  );

  return (
    <ServerForm
      className="profile-editor"
      serverError={serverError}
      errorTitle="We couldn't save your profile"
      onSubmit={save}
    >
      {EDITOR_SECTIONS.map((section) => (
        <Card key={section.id} title={section.title} description={section.description}>
          <ProfileSection
            id={section.id}
            form={form}
            uploads={uploads}
            onLogoBusyChange={setIsLogoBusy}
            onRemoveSavedMedia={onRemoveMedia}
          />
        </Card>
      ))}
      <div className="profile-editor__bar">
        <p className="profile-editor__status" aria-live="polite">
          {isBusy
            ? 'Uploading…'
            : form.formState.isDirty || removedKeys.length > 0
              ? 'You have unsaved changes.'
              : 'All changes saved.'}
        </p>
        <Button
          variant="secondary"
          disabled={form.formState.isSubmitting}
          onClick={() => {
            form.reset(profileValuesFromOrganization(organization));
            setRemovedKeys([]);
            serverError.setMessage(null);
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" isLoading={form.formState.isSubmitting} disabled={isBusy}>
          Save profile
        </Button>
      </div>
    </ServerForm>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
