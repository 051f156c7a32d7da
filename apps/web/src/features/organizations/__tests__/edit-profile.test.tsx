import type { TOrganization } from '@medhire/contract/organization';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { PROFILE_SAVED_MESSAGE } from '../components/edit-profile-screen.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();

const organization: TOrganization = {
  _id: 'org-1',
  status: 'active',
  logo: '/uploads/images/logo.webp',
  organizationName: 'Lakeside Family Medicine',
  practiceManagerName: 'Dana Whitfield',
  email: 'hiring@lakeside.example',
  phoneNumber: '(512) 555-0134',
  npiNumber: null,
  orgLocations: {
    locations: [{ description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 } }],
    numberOfLocations: 2,
  },
  features: { practiceType: 'private-practice', noOfPhysician: 4, aboutUs: 'A friendly practice.' },
  media: [
    { key: 'images/lobby.webp', url: '/uploads/images/lobby.webp', kind: 'image' },
    { key: 'images/team.webp', url: '/uploads/images/team.webp', kind: 'image' },
  ],
  socialLinks: { websiteUrl: 'https://lakeside.example' },
  locationsDetails: [
    { description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 }, name: 'Main clinic' },
  ],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function profileApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: session.user, code: 200 }),
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/auth/v1/get-organization/user-1': () => envelope({ organization }),
    ...overrides,
  });
}

async function openEditProfile() {
  const app = renderApp('/edit-profile', { session });
  await screen.findByRole('heading', { name: 'Organization profile', level: 1 });
  await screen.findByDisplayValue('Lakeside Family Medicine');
  return app;
}

describe('editing the organisation profile', () => {
  it('is prefilled and sends the changes with the keys of removed media and the location details', async () => {
    FakeXhr.install();
    const { calls } = profileApi({
      'PATCH /api/employer/auth/v1/update-profile/user-1': ({ body }) =>
        envelope({ organization: { ...organization, ...(body as object) } }),
    });
    const { user } = await openEditProfile();
    expect(screen.getByLabelText('Phone number')).toHaveValue('(512) 555-0134');
    expect(
      within(screen.getByRole('list', { name: 'Your locations' })).getByText('Austin, TX'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Practice type')).toHaveValue('private-practice'));
    expect(screen.getByRole('link', { name: 'Candidate preferences' })).toHaveAttribute(
      'href',
      '/edit-profile/would-you-rather',
    );

    const name = screen.getByLabelText('Organization name');
    await user.clear(name);
    await user.type(name, 'Lakeside Family Medicine Group');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));

    // Two new files upload side by side, each with its own progress bar.
    await user.upload(screen.getByLabelText('Add photos or videos'), [
      new File(['a'], 'exam-room.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'tour.mp4', { type: 'video/mp4' }),
    ]);
    expect(FakeXhr.requests).toHaveLength(2);
    const photoUpload = FakeXhr.at(0);
    const videoUpload = FakeXhr.at(1);
    expect(photoUpload.form.getAll('media')).toHaveLength(1);
    act(() => {
      photoUpload.progress(30, 100);
      videoUpload.progress(80, 100);
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading exam-room.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading tour.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();

    act(() =>
      photoUpload.answer(200, {
        success: true,
        data: { media: [{ key: 'images/exam.webp', url: '/uploads/images/exam.webp', kind: 'image' }] },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel tour.mp4' }));
    expect(videoUpload.isAborted).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save profile' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(PROFILE_SAVED_MESSAGE));
    const body = calls.find((call) => call.path === '/api/employer/auth/v1/update-profile/user-1')
      ?.body as Record<string, unknown>;
    expect(body.organizationName).toBe('Lakeside Family Medicine Group');
    expect(body.deletedImgskeys).toEqual(['images/lobby.webp']);
    expect(body.media).toEqual([
      { key: 'images/team.webp', url: '/uploads/images/team.webp', kind: 'image' },
      { key: 'images/exam.webp', url: '/uploads/images/exam.webp', kind: 'image' },
    ]);
    expect(body.locationsDetails).toEqual([
      { description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 }, name: 'Main clinic' },
    ]);
    expect(body.features).toEqual({
      practiceType: 'private-practice',
      noOfPhysician: 4,
      aboutUs: 'A friendly practice.',
    });
    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
  }, 30_000);

  it('shows field messages and sends nothing while the profile is invalid', async () => {
    const { calls } = profileApi();
    const { user } = await openEditProfile();
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a US phone number, e.g. (512) 555-0134.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('update-profile'))).toBe(false);
  });

  it('offers to establish a profile when there is none', async () => {
    profileApi({
      'GET /api/employer/auth/v1/get-organization/user-1': () =>
        failure('No organisation yet.', 404, 'NOT_FOUND'),
    });
    renderApp('/edit-profile', { session });
    expect(await screen.findByRole('heading', { name: 'No organization profile yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Establish your profile' })).toHaveAttribute(
      'href',
      '/establish-profile',
    );
  });
});

describe('account settings', () => {
  it('lets an owner who never gave a name set it; the account menu then shows it and its initials', async () => {
    const unnamed = makeSession({ user: { fullName: null, email: 'hiring@lakeside.example' } });
    const { calls } = mockApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: unnamed.user, code: 200 }),
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/auth/v1/get-organization/user-1': () => envelope({ organization }),
      'PATCH /api/employer/auth/v1/update-full-name/user-1': ({ body }) =>
        envelope({ ...unnamed.user, ...(body as { fullName: string }) }),
    });
    const { user } = renderApp('/edit-profile', { session: unnamed });
    const menuButton = await screen.findByRole('button', { name: /account menu/i });
    expect(menuButton).toHaveTextContent('HI');
    expect(menuButton).toHaveTextContent('hiring@lakeside.example');

    const nameField = await screen.findByLabelText('Full name');
    expect(nameField).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Enter your full name.')).toBeInTheDocument();
    await user.type(nameField, '  Dana Whitfield ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Your name is saved.'));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.body])).toEqual([
      ['/api/employer/auth/v1/update-full-name/user-1', { fullName: 'Dana Whitfield' }],
    ]);
    expect(menuButton).toHaveTextContent('DW');
    expect(menuButton).toHaveTextContent('Dana Whitfield');
  });

  it('changes the sign-in e-mail after confirming a code sent to the new address', async () => {
    const { calls } = profileApi({
      'POST /api/employer/auth/v1/update-email/user-1': () => envelope({ email: 'new@lakeside.example' }),
      'POST /api/employer/auth/v1/verify-otp-update-email/user-1': () =>
        envelope({ email: 'new@lakeside.example' }),
    });
    const { user } = await openEditProfile();
    await user.type(screen.getByLabelText('New e-mail address'), 'New@Lakeside.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm new e-mail' }));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('You now sign in as new@lakeside.example.'),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/employer/auth/v1/update-email/user-1', { email: 'new@lakeside.example' }],
      [
        '/api/employer/auth/v1/verify-otp-update-email/user-1',
        { email: 'new@lakeside.example', otp: '246810' },
      ],
    ]);
  });

  it('changes the password, refusing the same password again', async () => {
    const { calls } = profileApi({
      'POST /api/employer/auth/v1/reset-password/user-1': () => envelope({ email: session.user.email }),
    });
    const { user } = await openEditProfile();
    await user.type(screen.getByLabelText('Current password'), 'an old passphrase');
    await user.type(screen.getByLabelText('New password'), 'an old passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Choose a new password that differs from your current one.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(calls.find((call) => call.path.includes('reset-password'))?.body).toEqual({
      oldPassword: 'an old passphrase',
      newPassword: 'a brand new passphrase',
    });
  });

  it('deletes the account only after DELETE is typed, then signs out to /', async () => {
    const { calls } = profileApi({
      'PATCH /api/employer/auth/v1/archive-profile/user-1': () => envelope({}),
    });
    const { user, router, store } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(calls.some((call) => call.path.includes('archive-profile'))).toBe(false);

    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(store.getState().auth.session).toBeNull());
    expect(localStorage.getItem('medhire.session')).toBeNull();
    expect(calls.filter((call) => call.path.includes('archive-profile')).map((call) => call.method)).toEqual([
      'PATCH',
    ]);
  });

  it('keeps the account and says why when deletion fails', async () => {
    profileApi({
      'PATCH /api/employer/auth/v1/archive-profile/user-1': () =>
        failure('Cancel your subscription before deleting the account.', 422, 'BUSINESS_RULE'),
    });
    const { user, router } = await openEditProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cancel your subscription before deleting the account.',
    );
    expect(router.state.location.pathname).toBe('/edit-profile');
  });
});

describe('a member who cannot edit the organisation', () => {
  it.each([
    ['recruiter', 'Recruiter'],
    ['delegate', 'Delegate'],
  ] as const)('reads the profile as a %s, with no control that saves it', async (role, label) => {
    const member = makeSession({
      user: {
        memberRole: role,
        rights: [
          'account.self',
          'organization.read',
          'team.read',
          'jobs.read',
          'jobs.edit',
          'applicants',
          'messages',
        ],
      },
    });
    const { calls } = profileApi({
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: member.user, code: 200 }),
    });
    renderApp('/edit-profile', { session: member });
    await screen.findByRole('heading', { name: 'Organization profile', level: 1 });
    expect(
      await screen.findByText(
        `Your role (${label}) can read the organization profile; an owner or admin edits it.`,
      ),
    ).toBeInTheDocument();
    const name = within(screen.getByRole('region', { name: 'Organization' }));
    expect(name.getByText('Lakeside Family Medicine')).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Candidate preferences' })).not.toBeInTheDocument();
    // Their own account stays theirs to manage.
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
    // Deleting a member's account leaves the organisation and its jobs in place (server rule).
    expect(
      screen.getByText(/takes you off the hiring team; the organization keeps its jobs/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/takes your organization's jobs off MedHire/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });
});
