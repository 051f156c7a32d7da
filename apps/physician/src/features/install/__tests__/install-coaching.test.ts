import { describe, expect, it } from 'vitest';
import { canAskForPush, shouldCoachInstall } from '../install-coaching.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const browser = (userAgent: string, isStandalone = false) => ({
  userAgent,
  isIosStandalone: isStandalone,
  isDisplayStandalone: false,
});

describe('the Add to Home Screen card', () => {
  it('coaches iPhone Safari users who have not added the app yet', () => {
    expect(shouldCoachInstall(browser(IPHONE_SAFARI))).toBe(true);
  });

  it('stays away once the app runs from the Home Screen, and from other browsers', () => {
    expect(shouldCoachInstall(browser(IPHONE_SAFARI, true))).toBe(false);
    expect(shouldCoachInstall(browser(IPHONE_CHROME))).toBe(false);
    expect(shouldCoachInstall(browser(ANDROID_CHROME))).toBe(false);
  });

  it('comes before any push prompt on an iPhone', () => {
    globalThis.Notification ??= class {} as unknown as typeof Notification;
    expect(canAskForPush(browser(IPHONE_SAFARI))).toBe(false);
    expect(canAskForPush(browser(IPHONE_SAFARI, true))).toBe(true);
    expect(canAskForPush(browser(ANDROID_CHROME))).toBe(true);
  });
});
