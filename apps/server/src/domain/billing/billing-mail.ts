import { brandedHtml, escapeHtml, type MailContent } from '../mail/templates.ts';
import { formatDay } from './billing-period.ts';

function mail(subject: string, paragraphs: string[]): MailContent {
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      paragraphs.map((paragraph) => `<p style="margin:0 0 16px;">${escapeHtml(paragraph)}</p>`).join('\n'),
    ),
  };
}

/** Sent at each failed renewal attempt while the subscription is past_due. */
export function renderPaymentFailedMail(
  planName: string,
  reason: string,
  nextRetryAt: Date,
  isLastRetry: boolean,
): MailContent {
  return mail(`Your MedHire ${planName} payment failed`, [
    `We could not renew your MedHire ${planName} subscription: ${reason}`,
    isLastRetry
      ? `We will try your card one last time on ${formatDay(nextRetryAt)}. If that fails too, the subscription ends; your jobs, applicants and messages stay, but you cannot send invites.`
      : `We will try your card again on ${formatDay(nextRetryAt)}. Until then everything keeps working.`,
    'To avoid an interruption, make sure your card can be charged, or choose another plan under Manage subscription.',
  ]);
}

/** Sent when a subscription ends: after the last failed retry, or at the end of a canceled period. */
export function renderSubscriptionEndedMail(planName: string, afterFailedPayments: boolean): MailContent {
  return mail(`Your MedHire ${planName} subscription has ended`, [
    afterFailedPayments
      ? `Your MedHire ${planName} subscription has ended because the renewal payment failed after several attempts.`
      : `Your MedHire ${planName} subscription has ended, as you asked.`,
    'Your jobs, applicants and conversations are kept. To send invites again, choose a plan on the Payment page.',
  ]);
}
