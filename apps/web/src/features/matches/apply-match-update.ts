import type { TMatchUpdate } from '@medhire/contract/matches';
import type { AppDispatch } from '../../app/store.ts';
import { subscriptionMetaUpdated } from '../auth/auth-slice.ts';
import { matchUpdated } from './matches-slice.ts';

/**
 * Stores the server's answer to a match status change: the match replaces its entry in every
 * match list, and when the change spent an invite the answer's subscriptionMeta becomes the
 * stored user's (spec §4 "Accepting a match updates the stored user's subscriptionMeta").
 */
export function applyMatchUpdate(dispatch: AppDispatch, answer: TMatchUpdate): void {
  const { subscriptionMeta, ...match } = answer;
  dispatch(matchUpdated(match));
  if (subscriptionMeta) dispatch(subscriptionMetaUpdated(subscriptionMeta));
}
