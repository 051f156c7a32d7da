/** What the account has already done, so the tour does not suggest it again. */
export interface AccountProgress {
  /** The organisation has posted a job (open, draft or closed). */
  hasJobs: boolean;
}

/** A stop of the guided tour: the `data-tour` anchor it points at and what it says there. */
export interface TourStep {
  anchor: string;
  title: string;
  body: string;
  /** Whether the account already did what this stop suggests; such a stop is left out. */
  isDone?: (progress: AccountProgress) => boolean;
}

/**
 * The guided tour for a new employer on /home. Anchors live in the main layout and the home
 * screen; a stop whose anchor is not on screen (the navigation drawer closed on a phone) is
 * left out, and so is one suggesting what the account has already done.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    anchor: 'post-job',
    title: 'Post your first job',
    body: 'Describe the role, compensation and locations. Physicians who fit see it and can apply.',
    isDone: (progress) => progress.hasJobs,
  },
  {
    anchor: 'nav-applicants',
    title: 'Review applicants',
    body: 'Everyone who applied, the physicians recommended for each job, and the ones you saved.',
  },
  {
    anchor: 'nav-explore',
    title: 'Explore physicians',
    body: 'Search physicians by specialty and location, and invite the right ones to your jobs.',
  },
  {
    anchor: 'nav-messages',
    title: 'Talk to candidates',
    body: 'Conversations with physicians who accepted your invitations live here.',
  },
  {
    anchor: 'account-menu',
    title: 'Your account',
    body: 'Your organization profile, candidate preferences and subscription are in this menu.',
  },
];

/** The stops to offer: on screen and not yet done by the account. */
export function stepsToOffer(
  steps: readonly TourStep[],
  progress: AccountProgress,
  isShown: (anchor: string) => boolean,
): TourStep[] {
  return steps.filter((step) => !step.isDone?.(progress) && isShown(step.anchor));
}

export function tourAnchor(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-tour="${name}"]`);
}

/** On screen and usable: laid out, not inside a closed drawer. */
export function isAnchorVisible(element: HTMLElement | null): element is HTMLElement {
  if (!element || element.closest('[inert], [hidden]')) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}
