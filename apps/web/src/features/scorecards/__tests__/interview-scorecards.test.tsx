import type { TInterviewScorecards, TScorecard } from '@medhire/contract/interviews';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi } from '../../../test/fixtures.ts';
import { InterviewScorecards } from '../components/interview-scorecards.tsx';
import { renderWithApp } from './render.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const GET = 'GET /api/employer/interview/get-scorecards/interview-1';
const SUBMIT = 'POST /api/employer/interview/submit-scorecard/interview-1';
const CRITERIA = ['Clinical knowledge', 'Communication'];

function makeScorecard(overrides: Partial<TScorecard> = {}): TScorecard {
  return {
    _id: 'scorecard-2',
    interviewId: 'interview-1',
    interviewerUserId: 'user-2',
    interviewerName: 'James Okafor',
    ratings: [
      { criterion: 'Clinical knowledge', rating: 4 },
      { criterion: 'Communication', rating: 3 },
    ],
    recommendation: 'strong_yes',
    notes: 'Calm under pressure.',
    submittedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

function makeData(overrides: Partial<TInterviewScorecards> = {}): TInterviewScorecards {
  return {
    interviewId: 'interview-1',
    criteria: CRITERIA,
    scorecards: [],
    hiddenCount: 0,
    canSubmit: false,
    mine: null,
    ...overrides,
  };
}

const blind = makeData({ hiddenCount: 2, canSubmit: true });

describe('InterviewScorecards', () => {
  beforeEach(() => vi.mocked(notifySuccess).mockClear());

  it('shows everyone allowed each scorecard: who, the ratings out of 5, the recommendation in words, notes', async () => {
    mockApi({ [GET]: () => envelope(makeData({ scorecards: [makeScorecard()] })) });
    renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    const list = await screen.findByRole('list', { name: 'Submitted scorecards' });
    const [card] = within(list).getAllByRole('listitem');
    const item = within(card as HTMLElement);
    expect(item.getByRole('heading', { name: 'James Okafor' })).toBeVisible();
    expect(item.getByText('Clinical knowledge').nextElementSibling).toHaveTextContent('4 of 5');
    expect(item.getByText('Communication').nextElementSibling).toHaveTextContent('3 of 5');
    expect(item.getByText('Strong yes')).toBeVisible();
    expect(item.getByText('Calm under pressure.')).toBeVisible();
    expect(item.getByText(/^Submitted/)).toBeVisible();
    // Not an interviewer: no form.
    expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull();
  });

  it("keeps the others' scorecards from an interviewer who has not submitted, saying how many", async () => {
    mockApi({ [GET]: () => envelope(blind) });
    renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    expect(await screen.findByText('2 scorecards are hidden until you submit yours.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Submitted scorecards' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Your scorecard' });
    for (const criterion of CRITERIA) {
      const group = within(form).getByRole('group', { name: criterion });
      expect(within(group).getAllByRole('radio')).toHaveLength(5);
      expect(within(group).getByRole('radio', { name: '5 of 5' })).toBeInTheDocument();
    }
    const recommendation = within(form).getByRole('group', { name: 'Overall recommendation' });
    expect(
      within(recommendation)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['strong_no', 'no', 'yes', 'strong_yes']);
  });

  it('says one scorecard is hidden in the singular', async () => {
    mockApi({ [GET]: () => envelope(makeData({ hiddenCount: 1, canSubmit: true })) });
    renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    expect(await screen.findByText('1 scorecard is hidden until you submit yours.')).toBeVisible();
  });

  it('promises no form to an interviewer who can no longer submit', async () => {
    mockApi({ [GET]: () => envelope(makeData({ hiddenCount: 3, canSubmit: false })) });
    renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    expect(
      await screen.findByText(
        '3 scorecards are hidden: they show only to interviewers who submitted their own.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull();
    expect(screen.queryByText('No scorecards yet.')).toBeNull();
  });

  it('explains what is missing and sends nothing', async () => {
    const { calls } = mockApi({ [GET]: () => envelope(blind) });
    const user = renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    const form = await screen.findByRole('form', { name: 'Your scorecard' });
    await user.click(
      within(within(form).getByRole('group', { name: 'Communication' })).getByRole('radio', {
        name: '4 of 5',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Submit scorecard' }));
    const knowledge = within(form).getByRole('group', { name: 'Clinical knowledge' });
    expect(await within(knowledge).findByText('Rate from 1 to 5.')).toBeVisible();
    expect(
      within(within(form).getByRole('group', { name: 'Communication' })).queryByText('Rate from 1 to 5.'),
    ).toBeNull();
    expect(within(form).getByText('Choose strong no, no, yes or strong yes.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('submits the ratings by keyboard and mouse, then shows every scorecard with a toast', async () => {
    const mine = makeScorecard({
      _id: 'scorecard-1',
      interviewerUserId: 'user-1',
      interviewerName: 'Maria Delgado',
      ratings: [
        { criterion: 'Clinical knowledge', rating: 5 },
        { criterion: 'Communication', rating: 2 },
      ],
      recommendation: 'no',
      notes: 'Vague on call coverage.',
      submittedAt: '2026-11-21T15:00:00.000Z',
    });
    const { calls } = mockApi({
      [GET]: () => envelope(blind),
      [SUBMIT]: () => envelope(makeData({ scorecards: [makeScorecard(), mine], mine })),
    });
    const user = renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    const form = await screen.findByRole('form', { name: 'Your scorecard' });
    const knowledge = within(form).getByRole('group', { name: 'Clinical knowledge' });
    // Keyboard: focus the first choice, arrows move the choice within the group.
    await user.click(within(knowledge).getByRole('radio', { name: '4 of 5' }));
    await user.keyboard('{ArrowRight}');
    expect(within(knowledge).getByRole('radio', { name: '5 of 5' })).toBeChecked();
    await user.click(
      within(within(form).getByRole('group', { name: 'Communication' })).getByRole('radio', {
        name: '2 of 5',
      }),
    );
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    await user.type(within(form).getByLabelText(/Notes/), '  Vague on call coverage. ');
    await user.click(within(form).getByRole('button', { name: 'Submit scorecard' }));

    const list = await screen.findByRole('list', { name: 'Submitted scorecards' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('heading', { name: 'Maria Delgado (you)' })).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull();
    expect(screen.queryByText(/hidden until you submit/)).toBeNull();
    expect(notifySuccess).toHaveBeenCalledWith('Your scorecard is submitted.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ratings: [
        { criterion: 'Clinical knowledge', rating: 5 },
        { criterion: 'Communication', rating: 2 },
      ],
      recommendation: 'no',
      notes: 'Vague on call coverage.',
    });
  });

  it("shows the server's message on 409 and then the scorecards as they are", async () => {
    let answered = blind;
    mockApi({
      [GET]: () => envelope(answered),
      [SUBMIT]: () => {
        answered = makeData({ scorecards: [makeScorecard()], mine: makeScorecard() });
        return failure('You already submitted your scorecard for this interview.', 409, 'CONFLICT');
      },
    });
    const user = renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    const form = await screen.findByRole('form', { name: 'Your scorecard' });
    for (const criterion of CRITERIA) {
      await user.click(
        within(within(form).getByRole('group', { name: criterion })).getByRole('radio', { name: '3 of 5' }),
      );
    }
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    await user.click(within(form).getByRole('button', { name: 'Submit scorecard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already submitted your scorecard for this interview.',
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Your scorecard' })).toBeNull());
    expect(screen.getByRole('list', { name: 'Submitted scorecards' })).toBeVisible();
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('shows loading, then an error with Try again', async () => {
    let shouldFail = true;
    mockApi({
      [GET]: () =>
        shouldFail ? failure('We could not find that interview.', 404, 'NOT_FOUND') : envelope(makeData()),
    });
    const user = renderWithApp(<InterviewScorecards interviewId="interview-1" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading scorecards');
    expect(await screen.findByText('We could not find that interview.')).toBeVisible();
    shouldFail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No scorecards yet.')).toBeVisible();
  });
});
