import type { Db } from '../../db/index.ts';
import { findOrganizationById } from '../auth/accounts-repository.ts';
import { formatDay, formatUsd, TAX_RATE_PERCENT } from './billing-period.ts';
import { findOwnedInvoice, type TInvoiceRow } from './invoices.ts';

const STATUS_WORDS: Record<TInvoiceRow['status'], string> = {
  paid: 'PAID',
  open: 'DUE',
  void: 'VOID',
  uncollectible: 'UNCOLLECTIBLE',
};

export interface InvoicePdf {
  filename: string;
  content: Buffer;
}

/**
 * The organisation's invoice as a PDF (pdfkit, built-in Helvetica, text kept as text so it can
 * be searched and read aloud): number, dates, the organisation, the lines, the tax line, the
 * total and whether it is paid. Another organisation's invoice answers 404.
 */
export async function renderInvoicePdf({
  db,
  organizationId,
  invoiceId,
}: {
  db: Db;
  organizationId: string | null;
  invoiceId: string;
}): Promise<InvoicePdf> {
  const invoice = await findOwnedInvoice(db, organizationId, invoiceId);
  const organization = await findOrganizationById(db, invoice.organizationId);
  // Loaded on the first invoice download, not at start.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `MedHire invoice ${invoice.number}`, Author: 'MedHire' },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    document.on('end', resolve);
    document.on('error', reject);
  });

  const left = 56;
  const right = document.page.width - 56;
  document.fillColor('#0b5cab').font('Helvetica-Bold').fontSize(24).text('MedHire', left, 56);
  document
    .fillColor('#1f2933')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`Invoice ${invoice.number}`, left, 56, {
      align: 'right',
    });
  document.font('Helvetica').fontSize(10).moveDown(2);
  const location = organization?.orgLocations?.locations[0]?.description;
  document
    .text('Billed to:', left)
    .font('Helvetica-Bold')
    .text(organization?.name ?? 'Your organization');
  document.font('Helvetica');
  if (location) document.text(location);
  if (organization?.email) document.text(organization.email);
  document.moveDown();
  document.text(`Invoice date: ${formatDay(invoice.createdAt)}`);
  document.text(`Service period: ${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`);
  document.text(
    `Status: ${STATUS_WORDS[invoice.status]}${invoice.paidAt ? ` on ${formatDay(invoice.paidAt)}` : ''}`,
  );
  document.moveDown(1.5);

  const row = (label: string, amount: string, bold = false) => {
    const y = document.y;
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    document.text(label, left, y, { width: right - left - 110 });
    const afterLabel = document.y;
    document.text(amount, right - 100, y, { width: 100, align: 'right' });
    document.y = Math.max(afterLabel, document.y) + 4;
  };
  row('Description', 'Amount (USD)', true);
  document.moveTo(left, document.y).lineTo(right, document.y).strokeColor('#c5ced8').stroke();
  document.y += 6;
  for (const line of invoice.lines) row(line.description, formatUsd(line.amountCents));
  document.moveTo(left, document.y).lineTo(right, document.y).stroke();
  document.y += 6;
  row('Subtotal', formatUsd(invoice.totalCents - invoice.taxCents));
  row(`Sales tax (${TAX_RATE_PERCENT}%)`, formatUsd(invoice.taxCents));
  row('Total', formatUsd(invoice.totalCents), true);
  row('Amount paid', formatUsd(invoice.amountPaidCents));
  row('Amount due', formatUsd(invoice.totalCents - invoice.amountPaidCents), true);
  document.moveDown(2);
  document
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#6b7785')
    .text(
      'MedHire — recruiting for US medical employers. Questions about this invoice: billing@medhire.example',
      left,
    );
  document.end();
  await finished;
  return { filename: `MedHire-invoice-${invoice.number}.pdf`, content: Buffer.concat(chunks) };
}
