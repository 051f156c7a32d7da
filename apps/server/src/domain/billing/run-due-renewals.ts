import { and, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { invoices, subscriptions } from '../../db/schema/billing.ts';
import type { MailContent } from '../mail/templates.ts';
import { planLine } from './activate-subscription.ts';
import { renderPaymentFailedMail, renderSubscriptionEndedMail } from './billing-mail.ts';
import { addInterval, invitesFor } from './billing-period.ts';
import { createInvoice, markInvoice } from './invoices.ts';
import { chargeSandboxCard } from './sandbox-cards.ts';
import { recordChange } from './subscription-history.ts';
import { loadPlan, syncMembers, type TSubscriptionRow } from './subscription-view.ts';

/**
 * After a failed renewal the card is tried again 1, 3 and 7 days later (Stripe's smart-retry
 * spacing, shortened); when the third retry fails too, the subscription is canceled.
 */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A clock that jumped far ahead renews period after period, but never loops without end. */
const MAX_PERIODS_PER_RUN = 36;

export interface RenewalMail extends MailContent {
  to: string;
}

export interface RunDueRenewalsOptions {
  db: Db;
  now?: Date;
  /** Sends one e-mail after its change committed (the job passes the mailer's background send). */
  sendMail?: (mail: RenewalMail) => void;
  /** False only for made-up history (the demo data): a paid renewal otherwise queues its receipt. */
  sendReceipts?: boolean;
}

export interface RunDueRenewalsResult {
  renewed: number;
  failed: number;
  canceled: number;
}

/**
 * Settles every sandbox subscription whose period ended or whose retry is due, one
 * transaction each (a locked row is skipped: another worker has it). Renewal charges the card,
 * issues the invoice, starts the next period with the plan's invites and applies a pending
 * downgrade or cancellation; a failed charge makes the subscription past_due and schedules the
 * retries, each failure e-mailed. Stripe subscriptions renew at Stripe and arrive by webhook.
 */
export async function runDueRenewals({
  db,
  now = new Date(),
  sendMail,
  sendReceipts = true,
}: RunDueRenewalsOptions): Promise<RunDueRenewalsResult> {
  const result: RunDueRenewalsResult = { renewed: 0, failed: 0, canceled: 0 };
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'sandbox'),
        or(
          and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
          and(eq(subscriptions.status, 'past_due'), lte(subscriptions.nextRetryAt, now)),
        ),
      ),
    );
  for (const { id } of due) {
    const mails: RenewalMail[] = [];
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return undefined;
      return settleSubscription(tx, row, now, mails, { sendReceipts });
    });
    if (outcome) result[outcome] += 1;
    for (const mail of mails) sendMail?.(mail);
  }
  return result;
}

export type Outcome = 'renewed' | 'failed' | 'canceled';

async function memberEmails(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'employer')));
  return rows.map((row) => row.email);
}

/**
 * Renews, retries or ends one locked subscription as far as `now` calls for, inside the
 * caller's transaction; the e-mails to send after commit are pushed onto `mails`.
 */
export async function settleSubscription(
  db: Db,
  initial: TSubscriptionRow,
  now: Date,
  mails: RenewalMail[],
  { sendReceipts = true }: { sendReceipts?: boolean } = {},
): Promise<Outcome | undefined> {
  let row = initial;
  let outcome: Outcome | undefined;
  for (let period = 0; period < MAX_PERIODS_PER_RUN; period += 1) {
    const isRetry = row.status === 'past_due';
    if (
      isRetry
        ? !(row.nextRetryAt && row.nextRetryAt <= now)
        : !(row.status === 'active' && row.currentPeriodEnd <= now)
    )
      break;
    const from = { status: row.status, planId: row.planId, interval: row.interval };

    if (!isRetry && row.cancelAtPeriodEnd) {
      await db
        .update(subscriptions)
        .set({
          status: 'canceled',
          invitesLeft: 0,
          canceledAt: row.currentPeriodEnd,
          cancelAtPeriodEnd: false,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id));
      await recordChange({
        db,
        subscriptionId: row.id,
        actorUserId: null,
        kind: 'canceled',
        from,
        to: { ...from, status: 'canceled' },
        detail: 'Ended at the end of the period, as asked.',
        now,
      });
      const plan = await loadPlan(db, row.planId);
      for (const to of await memberEmails(db, row.organizationId))
        mails.push({ to, ...renderSubscriptionEndedMail(plan?.name ?? 'MedHire', false) });
      outcome = 'canceled';
      break;
    }

    // The plan of the coming period: a pending downgrade applies now.
    const planId = isRetry ? row.planId : (row.pendingPlanId ?? row.planId);
    const interval = isRetry ? row.interval : (row.pendingInterval ?? row.interval);
    const plan = await loadPlan(db, planId);
    if (!plan) throw new Error(`Plan ${planId} is missing`);
    const periodStart = row.currentPeriodEnd;
    const periodEnd = addInterval(periodStart, interval);
    const charged = chargeSandboxCard(row.providerPaymentMethodId);

    // The invoice of the coming period: new at the first attempt, the open one at a retry.
    const [openInvoice] = isRetry
      ? await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.subscriptionId, row.id), eq(invoices.status, 'open')))
          .limit(1)
      : [];
    if (openInvoice) {
      await markInvoice(db, openInvoice.id, charged.ok ? 'paid' : 'open', now, { sendReceipt: sendReceipts });
    } else {
      await createInvoice({
        db,
        organizationId: row.organizationId,
        subscriptionId: row.id,
        status: charged.ok ? 'paid' : 'open',
        lines: [planLine(plan, interval, periodStart, periodEnd)],
        periodStart,
        periodEnd,
        now,
        sendReceipt: sendReceipts,
      });
    }

    if (charged.ok) {
      const [updated] = await db
        .update(subscriptions)
        .set({
          status: 'active',
          planId,
          interval,
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          invitesPerPeriod: invitesFor(plan, interval),
          invitesLeft: invitesFor(plan, interval),
          pendingPlanId: null,
          pendingInterval: null,
          failedAttempts: 0,
          nextRetryAt: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id))
        .returning();
      const kind = isRetry
        ? 'payment_retried'
        : planId !== row.planId || interval !== row.interval
          ? 'downgraded'
          : 'renewed';
      await recordChange({
        db,
        subscriptionId: row.id,
        actorUserId: null,
        kind,
        from,
        to: { status: 'active', planId, interval },
        now,
      });
      outcome = 'renewed';
      if (!updated) break;
      row = updated;
      continue;
    }

    const failedAttempts = row.failedAttempts + 1;
    if (failedAttempts > RETRY_AFTER_DAYS.length) {
      await db
        .update(subscriptions)
        .set({
          status: 'canceled',
          invitesLeft: 0,
          canceledAt: now,
          nextRetryAt: null,
          failedAttempts,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id));
      if (openInvoice) await markInvoice(db, openInvoice.id, 'uncollectible', now);
      await recordChange({
        db,
        subscriptionId: row.id,
        actorUserId: null,
        kind: 'canceled',
        from,
        to: { ...from, status: 'canceled' },
        detail: `Payment failed ${failedAttempts} times: ${charged.message}`,
        now,
      });
      for (const to of await memberEmails(db, row.organizationId))
        mails.push({ to, ...renderSubscriptionEndedMail(plan.name, true) });
      outcome = 'canceled';
      break;
    }
    // Retries count from the renewal date (the period does not move on while past_due).
    const nextRetryAt = new Date(
      row.currentPeriodEnd.getTime() + (RETRY_AFTER_DAYS[failedAttempts - 1] ?? 7) * DAY_MS,
    );
    await db
      .update(subscriptions)
      .set({ status: 'past_due', failedAttempts, nextRetryAt, updatedAt: now })
      .where(eq(subscriptions.id, row.id));
    await recordChange({
      db,
      subscriptionId: row.id,
      actorUserId: null,
      kind: 'renewal_failed',
      from,
      to: { ...from, status: 'past_due' },
      detail: `Attempt ${failedAttempts}: ${charged.message}`,
      now,
    });
    const isLast = failedAttempts === RETRY_AFTER_DAYS.length;
    for (const to of await memberEmails(db, row.organizationId)) {
      mails.push({ to, ...renderPaymentFailedMail(plan.name, charged.message, nextRetryAt, isLast) });
    }
    outcome = 'failed';
    break;
  }
  await syncMembers(db, initial.organizationId, now);
  return outcome;
}
