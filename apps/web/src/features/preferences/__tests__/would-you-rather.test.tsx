import { PREFERENCE_PROBES } from '@medhire/contract/preference-probes';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { PREFERENCES_SAVED_MESSAGE } from '../components/would-you-rather-screen.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const onboarding = makeSession({
  user: { accountStatus: 'pending', subscriptionStatus: 'incomplete', preferenceProbe: [] },
});

const texas = {
  _id: 'TX',
  code: 'TX',
  name: 'Texas',
  description: 'Texas',
  coords: { latitude: 30.2747, longitude: -97.7404 },
};

function preferencesApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  let probes: unknown[] = [];
  const enums = makeEnums();
  return mockApi({
    'GET /api/employer/auth/sync-user-detail/user-1': () =>
      envelope({ user: { ...onboarding.user, preferenceProbe: probes }, code: 200 }),
    'GET /api/enums/get-all-enums': () => envelope(enums),
    'GET /api/enums/search-specialty': ({ url }) =>
      envelope(
        enums.specialties.filter((entry) =>
          entry.title.toLowerCase().includes(url.searchParams.get('queryText')?.toLowerCase() ?? ''),
        ),
      ),
    'GET /api/enums/search-subSpecialty': ({ url }) =>
      envelope(
        enums.subSpecialties.filter((entry) => entry.specialtyId === url.searchParams.get('specialtiesIds')),
      ),
    'GET /api/enums/search-state': () => envelope({ states: [texas], total: 1, pageNumber: 1, pageSize: 10 }),
    'PATCH /api/employer/auth/v1/update-preference-probes/user-1': ({ body }) => {
      probes = (body as { preferenceProbe: unknown[] }).preferenceProbe;
      return envelope({ ...onboarding.user, preferenceProbe: probes });
    },
    'PATCH /api/employer/auth/v1/update-candidate-preference/user-1': () => envelope(onboarding.user),
    ...overrides,
  });
}

const question = (number: number) =>
  screen.findByRole('heading', { name: `Question ${number} of 12: Would you rather hire…` });

async function answerByClicking(from: number) {
  const { user } = { user: (await import('@testing-library/user-event')).default.setup() };
  for (let index = from; index < PREFERENCE_PROBES.length; index += 1) {
    await question(index + 1);
    const probe = PREFERENCE_PROBES[index];
    if (!probe) throw new Error('No probe.');
    await user.click(screen.getByText(probe.a.title));
  }
}

describe('would you rather', () => {
  it('asks the probes in order, one pair at a time, with keys and pointer, then saves everything', async () => {
    const { calls } = preferencesApi();
    const { user, router } = renderApp('/would-you-rather', { session: onboarding });

    await question(1);
    expect(screen.getByRole('progressbar', { name: 'Question 1 of 12' })).toHaveAttribute(
      'aria-valuenow',
      '8',
    );
    const first = PREFERENCE_PROBES[0];
    const second = PREFERENCE_PROBES[1];
    if (!first || !second) throw new Error('The probes are missing.');
    expect(screen.getByRole('group', { name: 'Which physician would you rather hire?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: first.a.title })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A pointer choice moves on by itself.
    await user.click(screen.getByText(first.b.title));
    await question(2);

    // Keys: the group has one Tab stop, arrows move the choice, Enter continues.
    screen.getByRole('radio', { name: second.a.title }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: second.b.title })).toBeChecked();
    expect(screen.getByRole('radio', { name: second.b.title })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: second.a.title })).toBeChecked();
    await user.keyboard('{Enter}');
    await question(3);

    // Back keeps the earlier answer.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await question(2);
    expect(screen.getByRole('radio', { name: second.a.title })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await answerByClicking(2);
    await screen.findByRole('heading', { name: 'The physician you are looking for' });

    // Candidate preferences: the specialty narrows the sub-specialties.
    expect(screen.getByRole('combobox', { name: /Sub-specialties/ })).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: /^Specialty/ }), 'cardio');
    await user.click(await screen.findByRole('option', { name: 'Cardiology' }));
    await user.click(screen.getByRole('combobox', { name: /Sub-specialties/ }));
    const heartFailure = await screen.findByRole('option', { name: 'Advanced Heart Failure' });
    // Only the chosen specialty's sub-specialties are offered.
    expect(screen.queryByRole('option', { name: 'Sports Medicine' })).not.toBeInTheDocument();
    await user.click(heartFailure);
    await user.click(screen.getByRole('combobox', { name: /Home states/ }));
    await user.click(await screen.findByRole('option', { name: /Texas/ }));
    await user.selectOptions(screen.getByLabelText(/Board certification/), 'Board eligible');
    const experience = screen.getByLabelText(/Minimum years of experience/);
    await user.type(experience, '70');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Years of experience must be at most 60.')).toBeInTheDocument();
    await user.clear(experience);
    await user.type(experience, '5');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const probes = calls.find((call) => call.path.includes('update-preference-probes'))?.body as {
      preferenceProbe: { probeId: string; choice: string }[];
    };
    expect(probes.preferenceProbe.map((answer) => answer.probeId)).toEqual(
      PREFERENCE_PROBES.map((probe) => probe.probeId),
    );
    expect(probes.preferenceProbe.slice(0, 3).map((answer) => answer.choice)).toEqual(['b', 'a', 'a']);
    expect(calls.find((call) => call.path.includes('update-candidate-preference'))?.body).toEqual({
      candidatePreferences: {
        specialty: 'cardiology',
        subSpecialty: ['heart-failure'],
        homeState: [{ description: 'Texas', coords: { latitude: 30.2747, longitude: -97.7404 } }],
        boardCertStatus: 'board-eligible',
        minExperience: 5,
      },
    });
  }, 40_000);

  it('keeps the preferences when the server refuses them', async () => {
    preferencesApi({
      'PATCH /api/employer/auth/v1/update-candidate-preference/user-1': () =>
        failure('Choose sub-specialties of the chosen specialty.', 400, 'VALIDATION'),
    });
    const session = makeSession({
      user: {
        accountStatus: 'pending',
        subscriptionStatus: 'incomplete',
        preferenceProbe: PREFERENCE_PROBES.map((probe) => ({ probeId: probe.probeId, choice: 'a' as const })),
        candidatePreferences: { minExperience: 3 },
      },
    });
    const { user, router } = renderApp('/edit-profile/would-you-rather', { session });
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Skip to preferences' }));
    const experience = await screen.findByLabelText(/Minimum years of experience/);
    expect(experience).toHaveValue(3);
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose sub-specialties of the chosen specialty.',
    );
    expect(experience).toHaveValue(3);
    expect(router.state.location.pathname).toBe('/edit-profile/would-you-rather');
  });

  it('prefills the answers on /edit-profile/would-you-rather and returns to the profile', async () => {
    const { calls } = preferencesApi({
      'GET /api/employer/auth/v1/get-organization/user-1': () =>
        failure('No organisation yet.', 404, 'NOT_FOUND'),
    });
    const answers = PREFERENCE_PROBES.map((probe, index) => ({
      probeId: probe.probeId,
      choice: index % 2 === 0 ? ('b' as const) : ('a' as const),
    }));
    const session = makeSession({
      user: {
        preferenceProbe: answers,
        candidatePreferences: { specialty: 'cardiology', yearAvailableToStart: 2027 },
      },
    });
    const { user, router } = renderApp('/edit-profile/would-you-rather', { session });
    await question(1);
    const first = PREFERENCE_PROBES[0];
    if (!first) throw new Error('The probes are missing.');
    expect(screen.getByRole('radio', { name: first.b.title })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Skip to preferences' }));

    const chosen = await screen.findByRole('list', { name: 'Chosen specialty' });
    await waitFor(() => expect(within(chosen).getByText('Cardiology')).toBeInTheDocument());
    expect(screen.getByLabelText(/Available to start by/)).toHaveValue('2027');
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-profile'));
    expect(notifySuccess).toHaveBeenCalledWith(PREFERENCES_SAVED_MESSAGE);
    expect(calls.find((call) => call.path.includes('update-preference-probes'))?.body).toEqual({
      preferenceProbe: answers,
    });
    expect(calls.find((call) => call.path.includes('update-candidate-preference'))?.body).toEqual({
      candidatePreferences: {
        specialty: 'cardiology',
        subSpecialty: [],
        homeState: [],
        yearAvailableToStart: 2027,
      },
    });
  });
});
