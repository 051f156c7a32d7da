import { FINAL_MATCH_STATUSES, MATCH_MESSAGES, type TMatchStatus } from '@medhire/contract/matches';
import { AppError } from '../../lib/app-error.ts';

/** Who asks for a match status change: the inviting employer or the invited physician. */
export type MatchActor = 'employer' | 'physician';

/**
 * The match state machine (spec §4): a pending invite becomes accepted or declined by the
 * physician, or cancelled by the employer; accepted, declined and cancelled are final. Returns
 * nothing when the change is allowed and throws a 422 with a message for the person otherwise.
 */
export function assertMatchTransition(from: TMatchStatus, to: TMatchStatus, actor: MatchActor): void {
  if (FINAL_MATCH_STATUSES.includes(from)) {
    throw new AppError('BUSINESS_RULE', MATCH_MESSAGES.alreadyFinal(from), { status: from });
  }
  if (to === 'pending') {
    throw new AppError(
      'BUSINESS_RULE',
      actor === 'employer' ? MATCH_MESSAGES.onlyCancel : MATCH_MESSAGES.physicianOnlyAnswers,
      { status: from },
    );
  }
  if (actor === 'employer' && to !== 'cancelled') {
    throw new AppError('BUSINESS_RULE', MATCH_MESSAGES.onlyCancel, { status: from });
  }
  if (actor === 'physician' && to === 'cancelled') {
    throw new AppError('BUSINESS_RULE', MATCH_MESSAGES.physicianOnlyAnswers, { status: from });
  }
}
