export const INSTALL_CARD_DISMISSED_KEY = 'medhire.physician.installCardDismissed';

export interface BrowserTraits {
  userAgent: string;
  /** Safari's own flag for a page opened from the Home Screen. */
  isIosStandalone: boolean;
  isDisplayStandalone: boolean;
}

export function currentBrowserTraits(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    isIosStandalone: (navigator as Navigator & { standalone?: boolean }).standalone === true,
    isDisplayStandalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
  };
}

/** Safari on an iPhone or iPad; Chrome, Firefox and Edge for iOS name themselves. */
export function isIosSafari(userAgent: string): boolean {
  return (
    /iPhone|iPad|iPod/.test(userAgent) &&
    /Safari\//.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent)
  );
}

/**
 * On an iPhone, web notifications and the full-screen app exist only once the site is on the
 * Home Screen, and Safari offers no install prompt of its own: the card explains the two taps.
 */
export function shouldCoachInstall(traits: BrowserTraits): boolean {
  return isIosSafari(traits.userAgent) && !traits.isIosStandalone && !traits.isDisplayStandalone;
}

/**
 * Whether asking for notification permission can work at all here. On iOS it cannot before the
 * app is on the Home Screen, so the push prompt waits for the coaching card to have done its job.
 */
export function canAskForPush(traits: BrowserTraits): boolean {
  if (typeof Notification === 'undefined') return false;
  return !isIosSafari(traits.userAgent) || traits.isIosStandalone || traits.isDisplayStandalone;
}
