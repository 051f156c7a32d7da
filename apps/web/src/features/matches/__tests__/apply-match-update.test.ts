import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store.ts';
import { makeSession } from '../../../test/fixtures.ts';
import { makeMatch } from '../../pipeline/__tests__/pipeline-fixtures.ts';
import { applyMatchUpdate } from '../apply-match-update.ts';
import { allMatchesLoaded, matchesByJobLoaded } from '../matches-slice.ts';

describe('a match status answer', () => {
  it("replaces the match in both lists and, when it spent an invite, becomes the stored user's subscriptionMeta", () => {
    const store = createAppStore({ session: makeSession() });
    const pending = makeMatch({ _id: 'match-1', status: 'pending' });
    store.dispatch(matchesByJobLoaded([pending]));
    store.dispatch(allMatchesLoaded([pending, makeMatch({ _id: 'match-2', status: 'declined' })]));
    const subscriptionMeta = {
      planId: 'plan-growth',
      planName: 'Growth',
      currentPeriodEnd: null,
      invitesLeft: 11,
    };

    applyMatchUpdate(store.dispatch, { ...pending, status: 'accepted', subscriptionMeta });

    const state = store.getState();
    expect(state.matches.matchesByJob.matches.map((match) => [match._id, match.status])).toEqual([
      ['match-1', 'accepted'],
    ]);
    expect(state.matches.allMatches.map((match) => match.status)).toEqual(['accepted', 'declined']);
    expect(state.matches.allMatches[0]).not.toHaveProperty('subscriptionMeta');
    expect(state.auth.user?.subscriptionMeta).toEqual(subscriptionMeta);
    expect(state.auth.session?.user.subscriptionMeta).toEqual(subscriptionMeta);
  });

  it('leaves the subscription alone when nothing was spent (a cancelled invite)', () => {
    const session = makeSession();
    const store = createAppStore({ session });
    store.dispatch(matchesByJobLoaded([makeMatch({ _id: 'match-1', status: 'pending' })]));

    applyMatchUpdate(store.dispatch, makeMatch({ _id: 'match-1', status: 'cancelled' }));

    expect(store.getState().matches.matchesByJob.matches[0]?.status).toBe('cancelled');
    expect(store.getState().auth.user?.subscriptionMeta).toEqual(session.user.subscriptionMeta);
  });
});
