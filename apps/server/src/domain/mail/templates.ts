import type { WeeklyFigures } from '../reports/get-report.ts';
/** A rendered e-mail: every mail has a plain-text and an HTML part. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type OtpMailPurpose = 'register' | 'recovery' | 'update_email';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The branded frame; table layout and inline styles because mail clients ignore most CSS. */
export function brandedHtml(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f6f9;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f6f9;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="background:#0b5cab;border-radius:8px 8px 0 0;padding:20px 32px;color:#ffffff;font-size:22px;font-weight:bold;">MedHire</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:24px;">${bodyHtml}</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;line-height:18px;color:#6b7785;">MedHire helps medical practices recruit physicians. You received this e-mail because someone used this address on MedHire. If that was not you, ignore it.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

const OTP_TEXTS: Record<OtpMailPurpose, { subject: string; lead: string }> = {
  register: {
    subject: 'Your MedHire verification code',
    lead: 'Welcome to MedHire. Enter this code to confirm your e-mail address and finish creating your account:',
  },
  recovery: {
    subject: 'Your MedHire password recovery code',
    lead: 'Enter this code to choose a new password for your MedHire account:',
  },
  update_email: {
    subject: 'Confirm your new MedHire e-mail address',
    lead: 'Enter this code to confirm this address as the new e-mail of your MedHire account:',
  },
};

export function renderOtpMail(purpose: OtpMailPurpose, code: string, validMinutes: number): MailContent {
  const { subject, lead } = OTP_TEXTS[purpose];
  const closing = `The code expires in ${validMinutes} minutes and works once. Never share it: MedHire staff will never ask you for it.`;
  return {
    subject,
    text: `${lead}\n\n    ${code}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace;">${escapeHtml(code)}</p>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}

export function renderSetPasswordMail(
  organizationName: string,
  link: string,
  validHours: number,
): MailContent {
  const subject = 'Set your MedHire password';
  const lead = `Your claim of ${organizationName} on MedHire is confirmed. Choose a password to sign in:`;
  const closing = `The link works once and expires in ${validHours} hours.`;
  return {
    subject,
    text: `${lead}\n\n${link}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">Set my password</a></p>
<p style="margin:0 0 8px;font-size:14px;">Or open this address: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}

/** Sent to the old address once the account's e-mail has changed, so a takeover does not go unnoticed. */
export function renderEmailChangedMail(newEmail: string): MailContent {
  const subject = 'Your MedHire e-mail address was changed';
  const lead = `The e-mail address of your MedHire account is now ${newEmail}. Sign in with it from now on; other devices were signed out.`;
  const closing = 'If you did not make this change, contact MedHire support at once.';
  return {
    subject,
    text: `${lead}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}

export interface DigestItem {
  title: string;
  body: string;
  /** Absolute address of the page the notification opens. */
  link: string;
}

/** The daily summary of unread notifications, with the one-click unsubscribe link. */
export function renderNotificationDigestMail({
  items,
  total,
  appUrl,
  unsubscribeUrl,
}: {
  items: readonly DigestItem[];
  /** How many unread notifications the digest covers (items may list fewer). */
  total: number;
  appUrl: string;
  unsubscribeUrl: string;
}): MailContent {
  const subject =
    total === 1
      ? 'You have 1 unread notification on MedHire'
      : `You have ${total} unread notifications on MedHire`;
  const more = total > items.length ? `…and ${total - items.length} more.` : '';
  const lead = 'Here is what happened on MedHire while you were away:';
  const closing = 'You receive this summary at most once a day while notifications are unread.';
  const textItems = items.map((item) => `- ${item.title}: ${item.body}\n  ${item.link}`).join('\n');
  const htmlItems = items
    .map(
      (item) =>
        `<li style="margin:0 0 12px;"><a href="${escapeHtml(item.link)}" style="color:#0b5cab;font-weight:bold;">${escapeHtml(item.title)}</a><br>${escapeHtml(item.body)}</li>`,
    )
    .join('\n');
  return {
    subject,
    text: `${lead}\n\n${textItems}${more ? `\n${more}` : ''}\n\nOpen MedHire: ${appUrl}\n\n${closing}\nStop these e-mails: ${unsubscribeUrl}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<ul style="margin:0 0 24px;padding-left:20px;">${htmlItems}</ul>${more ? `\n<p style="margin:0 0 24px;">${escapeHtml(more)}</p>` : ''}
<p style="margin:0 0 24px;"><a href="${escapeHtml(appUrl)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">Open MedHire</a></p>
<p style="margin:0;font-size:14px;">${escapeHtml(closing)} <a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a>.</p>`,
    ),
  };
}

export type SecurityMailEvent =
  | 'totp_added'
  | 'totp_removed'
  | 'passkey_added'
  | 'passkey_removed'
  | 'recovery_code_used'
  | 'factors_reset';

/**
 * Tells the account's owner that its sign-in protection changed or a recovery code was spent, so a
 * change they did not make does not go unnoticed.
 */
export function renderSecurityChangeMail(event: SecurityMailEvent, recoveryCodesLeft?: number): MailContent {
  const texts: Record<SecurityMailEvent, { subject: string; lead: string }> = {
    totp_added: {
      subject: 'An authenticator app now protects your MedHire sign-in',
      lead: 'An authenticator app was turned on for your MedHire account. Signing in now asks for a code from it after your password.',
    },
    totp_removed: {
      subject: 'The authenticator app was turned off for your MedHire account',
      lead: 'The authenticator app of your MedHire account was turned off. Signing in now needs only your password.',
    },
    passkey_added: {
      subject: 'A new passkey can sign in to your MedHire account',
      lead: 'A passkey was added to your MedHire account. It can now sign you in, or confirm a sign-in after your password.',
    },
    passkey_removed: {
      subject: 'A passkey was removed from your MedHire account',
      lead: 'A passkey of your MedHire account was removed. It no longer signs you in.',
    },
    recovery_code_used: {
      subject: 'A recovery code was used to sign in to MedHire',
      lead: `Someone signed in to your MedHire account with one of its recovery codes. ${
        recoveryCodesLeft === 1 ? '1 recovery code is' : `${recoveryCodesLeft ?? 0} recovery codes are`
      } left; you can make new ones under Settings, Security.`,
    },
    factors_reset: {
      subject: 'Your MedHire two-step sign-in was reset',
      lead: 'An owner or admin of your organization reset the two-step sign-in of your MedHire account: its authenticator app and recovery codes were removed and you were signed out everywhere. Sign in again with your password and set up an authenticator app under Settings, Security.',
    },
  };
  const { subject, lead } = texts[event];
  const closing = 'If this was not you, change your password at once and contact MedHire support.';
  return {
    subject,
    text: `${lead}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}

/**
 * Tells the account that it was signed in to from a device it had not been used on before, so a
 * sign-in its owner did not make is noticed: the device list under Settings, Security signs it out.
 */
export function renderNewDeviceMail(device: string, at: Date): MailContent {
  const subject = 'New sign-in to your MedHire account';
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lead = `Your MedHire account was signed in to from a new device: ${device}, on ${when}.`;
  const review =
    'If this was you, there is nothing to do. If it was not, open Settings, Security in MedHire, sign that device out and change your password.';
  return {
    subject,
    text: `${lead}\n\n${review}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0;">${escapeHtml(review)}</p>`,
    ),
  };
}

/** The figures of one week for the weekly hiring summary, as domain/reports/get-report.ts reads them. */
export type WeeklySummaryMailFigures = WeeklyFigures;

function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

function formatWeekDay(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Monday's summary of last week's hiring, for owners and admins, with its unsubscribe link. */
export function renderWeeklySummaryMail({
  organizationName,
  weekStart,
  weekEnd,
  figures,
  reportsUrl,
  unsubscribeUrl,
}: {
  organizationName: string;
  /** Monday and Sunday of the week (YYYY-MM-DD). */
  weekStart: string;
  weekEnd: string;
  figures: WeeklySummaryMailFigures;
  reportsUrl: string;
  unsubscribeUrl: string;
}): MailContent {
  const period = `${formatWeekDay(weekStart)} – ${formatWeekDay(weekEnd)}`;
  const subject = `Your hiring week at ${organizationName}: ${period}`;
  const rows: [string, string][] = [
    ['New applicants', String(figures.newApplicants)],
    ['Moved to interview', String(figures.movedToInterview)],
    ['Moved to offer', String(figures.movedToOffer)],
    ['Hired', String(figures.movedToHired)],
    [
      'Response rate',
      figures.responseRate === null
        ? 'No physician messages'
        : `${Math.round(figures.responseRate * 100)}% (${figures.replied} of ${figures.physicianMessages} messages)`,
    ],
    [
      'Median first reply',
      figures.medianReplyMinutes === null ? '—' : formatMinutes(figures.medianReplyMinutes),
    ],
  ];
  const lead = `Here is how hiring went at ${organizationName} last week (${period}, UTC):`;
  const closing = 'Owners and admins receive this summary every Monday.';
  const textRows = rows.map(([label, value]) => `- ${label}: ${value}`).join('\n');
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" style="padding:6px 12px 6px 0;font-weight:normal;">${escapeHtml(label)}</th><td style="padding:6px 0;font-weight:bold;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return {
    subject,
    text: `${lead}\n\n${textRows}\n\nSee the full report: ${reportsUrl}\n\n${closing}\nStop these e-mails: ${unsubscribeUrl}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;font-size:15px;">${htmlRows}</table>
<p style="margin:0 0 24px;"><a href="${escapeHtml(reportsUrl)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">See the full report</a></p>
<p style="margin:0;font-size:14px;">${escapeHtml(closing)} <a href="${escapeHtml(unsubscribeUrl)}">Stop these e-mails</a>.</p>`,
    ),
  };
}
