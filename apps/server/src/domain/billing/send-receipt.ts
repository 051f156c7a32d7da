import { cardLabel } from '@medhire/contract/billing-labels';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { invoices, subscriptions } from '../../db/schema/billing.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { brandedHtml, escapeHtml, type MailContent } from '../mail/templates.ts';
import { formatDay, formatUsd } from './billing-period.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { TInvoiceRow } from './invoices.ts';

/** The receipt of one paid invoice: what was paid, when, with which card; the PDF is attached. */
export function renderReceiptMail(invoice: TInvoiceRow, card: string | null): MailContent {
  const subject = `Your MedHire receipt for invoice ${invoice.number}`;
  const paidOn = formatDay(invoice.paidAt ?? invoice.createdAt);
  const lead = `Thank you. We received your payment of ${formatUsd(invoice.amountPaidCents)} on ${paidOn}${card ? `, charged to your ${card}` : ''}.`;
  const lines = invoice.lines.map((line) => `${line.description}: ${formatUsd(line.amountCents)}`);
  const tax = `Sales tax: ${formatUsd(invoice.taxCents)}`;
  const total = `Total paid: ${formatUsd(invoice.amountPaidCents)}`;
  const closing = `Invoice ${invoice.number} is attached as a PDF. You can download it again at any time under Subscription in MedHire.`;
  return {
    subject,
    text: `${lead}\n\n${[...lines, tax, total].join('\n')}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      subject,
      `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 16px;border-collapse:collapse;">
${invoice.lines
  .map(
    (line) =>
      `<tr><td style="padding:4px 0;">${escapeHtml(line.description)}</td><td align="right" style="padding:4px 0;">${escapeHtml(formatUsd(line.amountCents))}</td></tr>`,
  )
  .join('\n')}
<tr><td style="padding:4px 0;">Sales tax</td><td align="right" style="padding:4px 0;">${escapeHtml(formatUsd(invoice.taxCents))}</td></tr>
<tr><td style="padding:4px 0;border-top:1px solid #c5ced8;font-weight:bold;">Total paid</td><td align="right" style="padding:4px 0;border-top:1px solid #c5ced8;font-weight:bold;">${escapeHtml(formatUsd(invoice.amountPaidCents))}</td></tr>
</table>
<p style="margin:0;">${escapeHtml(closing)}</p>`,
    ),
  };
}

/**
 * The receipt job: renders the invoice's PDF and e-mails it to the organisation's owners (the
 * members with the billing right). An invoice that is gone or no longer paid sends nothing; a
 * failed send throws, so the queue tries again.
 */
export async function sendInvoiceReceipt({
  db,
  invoiceId,
  send,
}: {
  db: Db;
  invoiceId: string;
  send: (message: MailMessage) => Promise<void>;
}): Promise<number> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (invoice?.status !== 'paid') return 0;
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organizationId, invoice.organizationId),
        eq(users.role, 'employer'),
        eq(users.memberRole, 'owner'),
        isNull(users.archivedAt),
      ),
    );
  if (owners.length === 0) return 0;
  const [subscription] = invoice.subscriptionId
    ? await db
        .select({ paymentMethod: subscriptions.paymentMethod })
        .from(subscriptions)
        .where(eq(subscriptions.id, invoice.subscriptionId))
        .limit(1)
    : [];
  const card = subscription?.paymentMethod ? cardLabel(subscription.paymentMethod) : null;
  const pdf = await renderInvoicePdf({ db, organizationId: invoice.organizationId, invoiceId });
  const content = renderReceiptMail(invoice, card);
  for (const { email } of owners) {
    await send({
      to: email,
      ...content,
      attachments: [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }],
    });
  }
  return owners.length;
}
