import { z } from 'zod';

/**
 * A signed-in device: one live session of the account, described from the browser that opened
 * it. The place is left out: the server keeps no address database and asks no outside service.
 */
export const ZDevice = z.object({
  _id: z.string(),
  /** "Chrome 131", "Safari"; "Unknown browser" when the browser did not say. */
  browser: z.string(),
  /** "macOS 15.1", "Android 14"; null when the browser did not say. */
  system: z.string().nullable(),
  kind: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  /** When the session was opened (the sign-in). */
  firstSeenAt: z.string(),
  /** The session's last request, to within a few minutes. */
  lastSeenAt: z.string(),
  /** The session making this request. */
  isCurrent: z.boolean(),
});
export type TDevice = z.infer<typeof ZDevice>;

export const ZDeviceList = z.object({ devices: z.array(ZDevice) });
export type TDeviceList = z.infer<typeof ZDeviceList>;

export const ZDeviceIdParams = z.object({ sessionId: z.string().min(1).max(100) });
export type TDeviceIdParams = z.infer<typeof ZDeviceIdParams>;

export const ZRevokedDevices = z.object({ revoked: z.number().int().nonnegative() });
export type TRevokedDevices = z.infer<typeof ZRevokedDevices>;

export const DEVICE_MESSAGES = {
  revoked: 'That device is signed out.',
  revokedOthers: (count: number) =>
    count === 0
      ? 'No other device was signed in.'
      : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}.`,
  notFound: 'That device is not signed in to your account.',
} as const;
