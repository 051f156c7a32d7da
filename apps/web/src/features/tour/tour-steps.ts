/** A stop of the guided tour: the `data-tour` anchor it points at and what it says there. */
export interface TourStep {
  anchor: string;
  title: string;
  body: string;
}

/**
 * The guided tour for a new employer on /home. Anchors live in the main layout and the home
 * screen; a stop whose anchor is not on screen (the navigation drawer closed on a phone) is
 * left out.
 */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    anchor: 'post-job',
    title: 'Post your first job',
    body: 'Describe the role, compensation and locations. Matched physicians see it and can apply.',
  },
  {
    anchor: 'nav-applicants',
    title: 'Review applicants',
    body: 'Everyone who applied, the physicians recommended for each job, and the ones you saved.',
  },
  {
    anchor: 'nav-explore',
    title: 'Explore physicians',
    body: 'Search physicians by specialty and location, and invite the right ones to match.',
  },
  {
    anchor: 'nav-messages',
    title: 'Talk to candidates',
    body: 'Conversations with physicians who accepted your invitations live here.',
  },
  {
    anchor: 'account-menu',
    title: 'Your account',
    body: 'Your organisation profile, candidate preferences and subscription are in this menu.',
  },
];

export function tourAnchor(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-tour="${name}"]`);
}

/** On screen and usable: laid out, not inside a closed drawer. */
export function isAnchorVisible(element: HTMLElement | null): element is HTMLElement {
  if (!element || element.closest('[inert], [hidden]')) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}
