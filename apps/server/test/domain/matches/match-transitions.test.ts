import { MATCH_MESSAGES, MATCH_STATUSES, type TMatchStatus } from '@medhire/contract/matches';
import { describe, expect, it } from 'vitest';
import { assertMatchTransition, type MatchActor } from '../../../src/domain/matches/match-transitions.ts';
import { AppError } from '../../../src/lib/app-error.ts';

/** The only allowed changes (spec §4): the physician answers a pending invite, the employer cancels it. */
const ALLOWED = new Set([
  'pending→accepted by physician',
  'pending→declined by physician',
  'pending→cancelled by employer',
]);

function expectedMessage(from: TMatchStatus, to: TMatchStatus, actor: MatchActor): string | undefined {
  if (ALLOWED.has(`${from}→${to} by ${actor}`)) return undefined;
  if (from !== 'pending') return MATCH_MESSAGES.alreadyFinal(from);
  return actor === 'employer' ? MATCH_MESSAGES.onlyCancel : MATCH_MESSAGES.physicianOnlyAnswers;
}

const cases = MATCH_STATUSES.flatMap((from) =>
  MATCH_STATUSES.flatMap((to) => (['employer', 'physician'] as const).map((actor) => ({ from, to, actor }))),
);

describe('match request status (spec §4): pending → accepted | declined | cancelled; final states stay', () => {
  it('covers every pair of statuses for both actors', () => {
    expect(cases).toHaveLength(32);
  });

  it.each(cases)('$from → $to by $actor', ({ from, to, actor }) => {
    const message = expectedMessage(from, to, actor);
    if (message === undefined) {
      expect(() => assertMatchTransition(from, to, actor)).not.toThrow();
      return;
    }
    let thrown: unknown;
    try {
      assertMatchTransition(from, to, actor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'BUSINESS_RULE', statusCode: 422, message });
  });
});
