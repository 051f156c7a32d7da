import { createHash } from 'node:crypto';
import type { TPlan } from '@medhire/contract/subscription';

/**
 * The plans shipped with this release, cheapest first. Raise PLAN_DATA_VERSION with every change;
 * start-up sync (sync-plans.ts) compares a hash of the content too, so no change is missed. A
 * plan id never changes once shipped; a yearly price is ten months' worth (two months free).
 * Highlights hold what the numbers do not: the invite allowance and the seats are written by the
 * plan card from invitesPerPeriod and seats, for the billing period it shows, never here.
 */
export const PLAN_DATA_VERSION = '2026.2';

export const PLANS: readonly TPlan[] = [
  {
    _id: 'starter',
    name: 'Starter',
    description: 'For a single practice filling one or two positions.',
    monthlyPriceCents: 19_900,
    yearlyPriceCents: 199_000,
    invitesPerPeriod: 5,
    seats: 1,
    features: [],
    highlights: ['Unlimited job postings', 'Recommended applicants (first page)'],
  },
  {
    _id: 'professional',
    name: 'Professional',
    description: 'For growing groups recruiting across several specialties.',
    monthlyPriceCents: 49_900,
    yearlyPriceCents: 499_000,
    invitesPerPeriod: 20,
    seats: 5,
    features: ['recommended-beyond-first-page'],
    highlights: ['Unlimited job postings', 'Every page of recommended applicants'],
  },
  {
    _id: 'enterprise',
    name: 'Enterprise',
    description: 'For health systems recruiting nationwide.',
    monthlyPriceCents: 129_900,
    yearlyPriceCents: 1_299_000,
    invitesPerPeriod: 60,
    seats: 25,
    features: ['recommended-beyond-first-page', 'global-connection'],
    highlights: [
      'Global Connection: matching physicians in every state',
      'Every page of recommended applicants',
    ],
  },
];

export const PLAN_CONTENT_HASH = createHash('sha256')
  .update(JSON.stringify({ version: PLAN_DATA_VERSION, plans: PLANS }))
  .digest('hex');
