import { ROLE_LABELS, type TInvitableRole } from '@medhire/contract/team-roles';
import { brandedHtml, escapeHtml, type MailContent } from '../mail/templates.ts';

export const INVITATION_VALID_DAYS = 7;

/** The link of an invitation: the web's landing page, which reads the token from its path. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/join-team/${encodeURIComponent(token)}`;
}

export function renderTeamInvitationMail(options: {
  organizationName: string;
  inviterName: string;
  role: TInvitableRole;
  link: string;
}): MailContent {
  const { organizationName, inviterName, role, link } = options;
  const subject = `${inviterName} invited you to ${organizationName} on MedHire`;
  const roleText = role === 'delegate' ? 'a delegate recruiter' : `a ${ROLE_LABELS[role].toLowerCase()}`;
  const lead = `${inviterName} invited you to join the hiring team of ${organizationName} on MedHire as ${roleText}.`;
  const closing = `The link works once and expires in ${INVITATION_VALID_DAYS} days. If you did not expect this invitation, ignore this e-mail.`;
  return {
    subject,
    text: `${lead}\n\nJoin the team:\n${link}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">Join the team</a></p>
<p style="margin:0 0 8px;font-size:14px;">Or open this address: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}
