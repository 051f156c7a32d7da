import type { TInvoice, TInvoiceLine, TInvoiceList, TInvoiceStatus } from '@medhire/contract/subscription';
import { SUBSCRIPTION_MESSAGES } from '@medhire/contract/subscription';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { invoices } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { taxOf } from './billing-period.ts';
import { queueReceipt } from './receipt-queue.ts';

export type TInvoiceRow = typeof invoices.$inferSelect;

export function toInvoiceView(row: TInvoiceRow): TInvoice {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    amountDueCents: row.amountDueCents,
    amountPaidCents: row.amountPaidCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    currency: 'usd',
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lines: row.lines,
  };
}

export interface CreateInvoiceOptions {
  db: Db;
  organizationId: string;
  subscriptionId: string | null;
  status: TInvoiceStatus;
  lines: TInvoiceLine[];
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  providerInvoiceId?: string;
  /** False only for made-up history (the demo data): every real payment gets its receipt. */
  sendReceipt?: boolean;
}

/** Records an invoice; numbers are "MH-<year>-<sequence>", gap-free enough for a reader and never reused. */
export async function createInvoice({
  db,
  organizationId,
  subscriptionId,
  status,
  lines,
  periodStart,
  periodEnd,
  now,
  providerInvoiceId,
  sendReceipt = true,
}: CreateInvoiceOptions): Promise<TInvoiceRow> {
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const tax = taxOf(subtotal);
  const total = subtotal + tax;
  const result = await db.execute<{ value: string }>(
    sql`select nextval('invoice_number_seq')::text as value`,
  );
  const rows = Array.isArray(result)
    ? (result as { value: string }[])
    : (result as { rows: { value: string }[] }).rows;
  const sequence = rows[0];
  const number = `MH-${now.getUTCFullYear()}-${String(sequence?.value ?? '0').padStart(6, '0')}`;
  const [row] = await db
    .insert(invoices)
    .values({
      organizationId,
      subscriptionId,
      number,
      status,
      amountDueCents: total,
      amountPaidCents: status === 'paid' ? total : 0,
      taxCents: tax,
      totalCents: total,
      currency: 'usd',
      periodStart,
      periodEnd,
      lines,
      providerInvoiceId,
      paidAt: status === 'paid' ? now : null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('The invoice was not stored');
  if (status === 'paid' && sendReceipt) await queueReceipt(db, row.id);
  return row;
}

/**
 * Sets an invoice's status. Turning an unpaid invoice paid queues its receipt in `db` (the
 * caller's transaction); an invoice already paid is not receipted twice.
 */
export async function markInvoice(
  db: Db,
  invoiceId: string,
  status: TInvoiceStatus,
  now: Date,
  { sendReceipt = true }: { sendReceipt?: boolean } = {},
) {
  const [before] = await db
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  const [row] = await db
    .update(invoices)
    .set({
      status,
      amountPaidCents: status === 'paid' ? sql`${invoices.totalCents}` : invoices.amountPaidCents,
      paidAt: status === 'paid' ? now : null,
      attemptCount: sql`${invoices.attemptCount} + 1`,
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (row && status === 'paid' && before?.status !== 'paid' && sendReceipt) await queueReceipt(db, row.id);
  return row;
}

export interface ListInvoicesOptions {
  db: Db;
  organizationId: string | null;
  pageSize: number;
  pageNumber: number;
}

export async function listInvoices({
  db,
  organizationId,
  pageSize,
  pageNumber,
}: ListInvoicesOptions): Promise<TInvoiceList> {
  if (!organizationId) return { invoices: [], total: 0, pageNumber, pageSize };
  const where = eq(invoices.organizationId, organizationId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.number))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return { invoices: rows.map(toInvoiceView), total: totals?.total ?? 0, pageNumber, pageSize };
}

/** The organisation's invoice; another organisation's answers 404 like an unknown one. */
export async function findOwnedInvoice(
  db: Db,
  organizationId: string | null,
  invoiceId: string,
): Promise<TInvoiceRow> {
  if (!organizationId || !isUuid(invoiceId))
    throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.invoiceNotFound);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', SUBSCRIPTION_MESSAGES.invoiceNotFound);
  return row;
}
