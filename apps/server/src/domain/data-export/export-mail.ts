import { brandedHtml, escapeHtml, type MailContent } from '../mail/templates.ts';

/** Tells the owner who asked that the export is ready, with the download link. */
export function renderDataExportReadyMail(
  organizationName: string,
  link: string,
  validDays: number,
): MailContent {
  const subject = 'Your MedHire data export is ready';
  const lead = `The export of ${organizationName}'s data on MedHire is ready: jobs, applicants, pipeline history, invites, conversations, invoices, the activity log and the team, as JSON and CSV files in one ZIP.`;
  const closing = `The link works for ${validDays} days. Anyone who has it can download the file, so do not forward this e-mail.`;
  return {
    subject,
    text: `${lead}\n\n${link}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">Download the export</a></p>
<p style="margin:0 0 8px;font-size:14px;">Or open this address: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}
