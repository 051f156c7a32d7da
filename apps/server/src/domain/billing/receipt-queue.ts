import type { Db } from '../../db/index.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';

/** The queue of receipt e-mails, one job per paid invoice. */
export const BILLING_RECEIPT_QUEUE = 'billing-receipts';

export interface ReceiptJob {
  invoiceId: string;
}

/**
 * Queues the receipt of a paid invoice through `db`, the transaction that records the payment:
 * the receipt exists exactly when the payment does, and a crash after commit still sends it.
 */
export async function queueReceipt(db: Db, invoiceId: string): Promise<void> {
  const job: ReceiptJob = { invoiceId };
  await enqueueJob(db, BILLING_RECEIPT_QUEUE, job);
}
