import { notifyFormError } from '@medhire/ui/toast.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { profileDraftStore, profileValuesFrom } from '../profile-form-values.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const newEmployer = (currentProfileStep = 0, fullName: string | null = null) =>
  makeSession({
    code: 201,
    user: {
      _id: 'user-new',
      email: 'hiring@lakeside.example',
      fullName,
      accountStatus: 'pending',
      subscriptionStatus: 'incomplete',
      preferenceProbe: [],
      organizationId: null,
      currentProfileStep,
    },
  });

const austin = {
  description: 'Austin, TX',
  city: 'Austin',
  state: 'TX',
  coords: { latitude: 30.2672, longitude: -97.7431 },
};

function onboardingApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  const session = newEmployer();
  let step = 0;
  return mockApi({
    'GET /api/employer/auth/sync-user-detail/user-new': () =>
      envelope({
        user: { ...session.user, currentProfileStep: step, organizationId: 'org-new' },
        code: step >= 6 ? 200 : 201,
      }),
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'PATCH /api/employer/auth/v1/update-current-profile-step/user-new': ({ body }) => {
      step = (body as { currentProfileStep: number }).currentProfileStep;
      return envelope({ ...session.user, currentProfileStep: step });
    },
    'GET /api/enums/search-location': ({ url }) =>
      envelope({
        places: url.searchParams.get('queryText')?.toLowerCase().startsWith('aus') ? [austin] : [],
        total: 1,
        pageNumber: 1,
        pageSize: 10,
      }),
    ...overrides,
  });
}

const next = () => screen.getByRole('button', { name: 'Next' });
const stepHeading = (name: string) => screen.findByRole('heading', { name, level: 2 });

describe('establishing the organisation profile', () => {
  it('walks the steps, validating each, and saves the profile stripped of empty values', async () => {
    FakeXhr.install();
    const { calls } = onboardingApi({
      'PATCH /api/employer/auth/v1/update-orgdetails/user-new': () =>
        envelope({ organization: { _id: 'org-new' } }),
    });
    const { user, router } = renderApp('/establish-profile', { session: newEmployer() });

    // Organisation
    await stepHeading('Organization');
    // One numbering for the sign-up, and the profile's own parts inside its stage.
    expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent(
      'Step 3 of 5: Organization profile',
    );
    expect(screen.getByText('Part 1 of 6')).toBeInTheDocument();
    expect(screen.getByLabelText('Contact e-mail')).toHaveValue('hiring@lakeside.example');
    await user.click(next());
    expect(await screen.findByText('Enter the organization name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the practice manager’s name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Organization name'), 'Lakeside Family Medicine');
    await user.type(screen.getByLabelText('Practice manager'), 'Dana Whitfield');
    await user.type(screen.getByLabelText('Phone number'), '5125550');
    await user.click(next());
    expect(await screen.findByText('Enter a US phone number, e.g. (512) 555-0134.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '134');

    // The logo uploads with a progress bar and its own Authorization header.
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload logo'), logo);
    const request = FakeXhr.at(0);
    expect(request.url).toBe('/api/uploader/upload-single-image');
    expect(request.form.get('image')).toBeInstanceOf(File);
    expect(request.headers.get('Authorization')).toBe('token-1');
    act(() => request.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading logo' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
    act(() =>
      request.answer(200, {
        success: true,
        data: { key: 'images/logo.webp', url: '/uploads/images/logo.webp' },
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Organization logo' })).toHaveAttribute(
        'src',
        '/uploads/images/logo.webp',
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    // Locations
    await stepHeading('Locations');
    await user.click(next());
    expect(await screen.findByText('Add at least one location.')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Add a location' }), 'Aus');
    await screen.findByRole('option', { name: 'Austin, TX' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(
      within(screen.getByRole('list', { name: 'Your locations' })).getByText('Austin, TX'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Number of locations')).toHaveValue(1);
    await user.click(next());

    // Practice
    await stepHeading('Practice');
    await user.selectOptions(await screen.findByLabelText('Practice type'), 'Private practice');
    await user.type(screen.getByLabelText('Physicians'), '4');
    await user.click(next());

    // Photos and videos are optional.
    await stepHeading('Photos and videos');
    expect(screen.getByText('No photos or videos yet. You can also add them later.')).toBeInTheDocument();
    await user.click(next());

    // Links
    await stepHeading('Links');
    await user.type(screen.getByLabelText(/^Website/), 'not a website');
    await user.type(screen.getByLabelText(/^Facebook/), 'facebook.com/lakesidefm');
    await user.click(next());
    expect(
      await screen.findByText('Enter a valid website address, e.g. https://www.yourpractice.com.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Website/));
    await user.type(screen.getByLabelText(/^Website/), 'lakeside.example');
    await user.click(next());

    // Review, then save.
    await stepHeading('Review');
    const review = screen.getByRole('region', { name: 'Practice' });
    expect(within(review).getByText('Private practice')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile and continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/would-you-rather'));
    const saved = calls.find((call) => call.path === '/api/employer/auth/v1/update-orgdetails/user-new');
    expect(saved?.method).toBe('PATCH');
    expect(saved?.body).toEqual({
      logo: '/uploads/images/logo.webp',
      organizationName: 'Lakeside Family Medicine',
      practiceManagerName: 'Dana Whitfield',
      email: 'hiring@lakeside.example',
      phoneNumber: '(512) 555-0134',
      orgLocations: {
        locations: [{ description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 } }],
        numberOfLocations: 1,
      },
      features: { practiceType: 'private-practice', noOfPhysician: 4 },
      media: [],
      socialLinks: { facebook: 'https://facebook.com/lakesidefm', websiteUrl: 'https://lakeside.example' },
    });
    // Each finished step was remembered, the last one after the save.
    expect(
      calls
        .filter((call) => call.path.includes('update-current-profile-step'))
        .map((call) => (call.body as { currentProfileStep: number }).currentProfileStep),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls.indexOf(saved as (typeof calls)[number])).toBeLessThan(
      calls.findLastIndex((call) => call.path.includes('update-current-profile-step')),
    );
    expect(profileDraftStore.read('user-new')).toBeNull();
  }, 30_000);

  it('keeps everything typed when the server refuses the profile', async () => {
    onboardingApi({
      'PATCH /api/employer/auth/v1/update-orgdetails/user-new': () =>
        failure('This phone number is already used by another organisation.', 409, 'CONFLICT'),
    });
    profileDraftStore.write(
      'user-new',
      profileValuesFrom({
        organizationName: 'Lakeside Family Medicine',
        practiceManagerName: 'Dana Whitfield',
        email: 'hiring@lakeside.example',
        phoneNumber: '(512) 555-0134',
        orgLocations: { locations: [austin], numberOfLocations: 1 },
        features: { practiceType: 'private-practice', noOfPhysician: 4 },
      }),
    );
    const { user, router } = renderApp('/establish-profile', { session: newEmployer(5) });

    await stepHeading('Review');
    await user.click(screen.getByRole('button', { name: 'Save profile and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This phone number is already used by another organisation.',
    );
    expect(notifyFormError).toHaveBeenCalledWith(
      'This phone number is already used by another organisation.',
    );
    expect(router.state.location.pathname).toBe('/establish-profile');
    await user.click(screen.getByRole('button', { name: 'Edit Organization' }));
    expect(await screen.findByLabelText('Organization name')).toHaveValue('Lakeside Family Medicine');
  });

  it('resumes at the remembered step, but never past a step that is not done', async () => {
    onboardingApi();
    const { unmount } = renderApp('/establish-profile', { session: newEmployer(3) });
    // Nothing typed yet in this browser: the first step is the first one not done.
    await stepHeading('Organization');
    unmount();

    profileDraftStore.write(
      'user-new',
      profileValuesFrom({
        organizationName: 'Lakeside Family Medicine',
        practiceManagerName: 'Dana Whitfield',
        email: 'hiring@lakeside.example',
        phoneNumber: '(512) 555-0134',
        orgLocations: { locations: [austin], numberOfLocations: 1 },
      }),
    );
    renderApp('/establish-profile', { session: newEmployer(3) });
    expect(await stepHeading('Practice')).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Profile steps' });
    expect(within(steps).getByText('Practice').closest('li')).toHaveAttribute('aria-current', 'step');
    // Earlier steps stay reachable.
    expect(within(steps).getByRole('button', { name: /Locations/ })).toBeInTheDocument();
  });

  it('starts the practice manager as the owner who registered, which they can change', async () => {
    onboardingApi();
    renderApp('/establish-profile', { session: newEmployer(0, 'Dana Whitfield') });
    await stepHeading('Organization');
    expect(screen.getByLabelText('Practice manager')).toHaveValue('Dana Whitfield');
  });

  it('invites a visitor to register or sign in', async () => {
    renderApp('/establish-profile');
    expect(
      await screen.findByRole('heading', { name: 'Establish your organization profile' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });
});
