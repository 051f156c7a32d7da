import type { TUser } from '@medhire/contract/account';
import { StageProgress } from '../components/ui/stage-progress.tsx';

/**
 * The stages of a new employer's sign-up, from /register to the first page of the app (spec §4:
 * establish profile, then would-you-rather, then payment while the subscription is incomplete).
 * Every screen of the journey shows the same progress, numbered against this one list.
 */
export const ONBOARDING_STAGES = {
  account: 'Account',
  verifyEmail: 'Verify e-mail',
  organizationProfile: 'Organization profile',
  preferences: 'Candidate preferences',
  planAndPayment: 'Plan and payment',
} as const;

export type OnboardingStage = keyof typeof ONBOARDING_STAGES;

const STAGE_KEYS = Object.keys(ONBOARDING_STAGES) as OnboardingStage[];
const STAGE_NAMES = Object.values(ONBOARDING_STAGES);

/** A pending account is still on its way through sign-up; payment approves it (ARCHITECTURE.md). */
export function isOnboarding(user: Pick<TUser, 'accountStatus'> | null | undefined): boolean {
  return user?.accountStatus === 'pending';
}

export function OnboardingProgress({ stage }: { stage: OnboardingStage }) {
  return <StageProgress label="Sign-up progress" stages={STAGE_NAMES} current={STAGE_KEYS.indexOf(stage)} />;
}
