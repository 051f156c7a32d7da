import { authenticator } from 'otplib';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const STEP_SECONDS = 30;
/** A code of the step before or after is accepted too, for clocks a little off and slow typing. */
const totp = authenticator.clone({ window: 1, step: STEP_SECONDS });

export const TOTP_ISSUER = 'MedHire';

export function generateTotpSecret(): string {
  return totp.generateSecret(20);
}

export function totpAddress(accountName: string, secret: string): string {
  return totp.keyuri(accountName, TOTP_ISSUER, secret);
}

/** The QR code of the address as an SVG data URL, drawn here so the secret never leaves the server. */
export async function totpQrCodeDataUrl(address: string): Promise<string> {
  // Loaded when someone sets up an authenticator app, not at start-up.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The time step a right code belongs to, or null for a wrong code. */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now / 1000 / STEP_SECONDS) + delta;
}
