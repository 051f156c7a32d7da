import { cardLabel } from '@medhire/contract/billing-labels';
import type { TCardInput } from '@medhire/contract/payment-card';
import type { TInvoice, TInvoiceList, TPlansData, TSubscription } from '@medhire/contract/subscription';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge, type BadgeVariant } from '@medhire/ui/badge.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { CardIcon } from '@medhire/ui/icons.tsx';
import { Meter } from '@medhire/ui/meter.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Table } from '@medhire/ui/table.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { saveBlob } from '../../../lib/download.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { subscriptionApi } from '../api/subscription-api.ts';
import {
  formatLongDate,
  formatMoney,
  formatShortDate,
  INTERVAL_ADJECTIVE,
  planPriceCents,
} from '../billing-format.ts';
import { selectUserSubscription, subscriptionDataReceived } from '../subscription-data.ts';
import { CardForm } from './card-form.tsx';
import './subscription-screens.css';
import { countOf } from '../../../lib/plural.ts';

export const INVOICES_PAGE_SIZE = 10;

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

const STATUS_BADGE: Record<TSubscription['status'], { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Payment overdue', variant: 'danger' },
  canceled: { label: 'Canceled', variant: 'neutral' },
  incomplete: { label: 'Not paid yet', variant: 'warning' },
};

const INVOICE_BADGE: Record<TInvoice['status'], { label: string; variant: BadgeVariant }> = {
  paid: { label: 'Paid', variant: 'success' },
  open: { label: 'Due', variant: 'warning' },
  void: { label: 'Void', variant: 'neutral' },
  uncollectible: { label: 'Unpaid', variant: 'danger' },
};

/** /manage-subscriptions (issue 12): the plan, its state and renewal, invites left, card, invoices. */
export function ManageSubscriptionsScreen() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?._id;
  const subscription = useAppSelector(selectUserSubscription);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'resume' | 'card' | null>(null);
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  /** The plans answer, loaded when the card is first replaced: the provider and the sandbox's test cards. */
  const [plansData, setPlansData] = useState<TPlansData | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    subscriptionApi
      .getSubscription(userId, controller.signal)
      .then((data) => {
        dispatch(subscriptionDataReceived(data));
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [userId, dispatch, attempt]);

  async function change(kind: 'cancel' | 'resume') {
    if (!userId) return;
    setBusy(kind);
    try {
      const data = await (kind === 'cancel'
        ? subscriptionApi.cancel(userId)
        : subscriptionApi.resume(userId));
      dispatch(subscriptionDataReceived(data));
      setIsCancelOpen(false);
      const end = data.subscription ? formatLongDate(data.subscription.currentPeriodEnd) : '';
      notifySuccess(
        kind === 'cancel'
          ? `Your subscription will end on ${end}.`
          : `Your subscription is back on: it renews on ${end}.`,
      );
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  /** Replace card: the sandbox's card form in a dialog; with Stripe, its billing portal. */
  async function openCardReplacement() {
    if (!userId) return;
    setBusy('card');
    try {
      const data = plansData ?? (await subscriptionApi.getPlans());
      setPlansData(data);
      if (data.provider === 'stripe') {
        window.location.assign((await subscriptionApi.billingPortal(userId)).url);
        return;
      }
      setIsCardOpen(true);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function replaceCard(card: TCardInput) {
    if (!userId) return;
    const wasPastDue = subscription?.status === 'past_due';
    try {
      const data = await subscriptionApi.updateCard(userId, { card });
      dispatch(subscriptionDataReceived(data));
      setIsCardOpen(false);
      const method = data.subscription?.paymentMethod;
      const label = method ? cardLabel(method) : 'your new card';
      notifySuccess(
        wasPastDue && data.subscription?.status === 'active'
          ? `Card replaced: ${label}. The overdue payment went through.`
          : `Card replaced: ${label}.`,
      );
    } catch (error) {
      // Shown in the dialog (a declined card), where the details can be corrected.
      setCardError(describeError(error));
    }
  }
  return (
    <div className="subscription-screen">
      <title>Subscription · MedHire</title>
      <PageHeader
        title="Subscription"
        description="Your plan sets how many invites you can send each billing period."
        actions={
          subscription?.status === 'active' ? (
            <Link className={buttonClasses()} to="/update-subscriptions">
              Change plan
            </Link>
          ) : undefined
        }
      />

      {load.status === 'loading' && (
        <div className="subscription-loading" role="status">
          <Spinner /> Loading your subscription…
        </div>
      )}
      {load.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load your subscription">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {load.status === 'ready' && !subscription && (
        <EmptyState
          icon={<CardIcon size={26} />}
          title="No plan yet"
          description="Choose a plan to start inviting physicians to your jobs."
          action={
            <Link className={buttonClasses()} to="/payment">
              Choose a plan
            </Link>
          }
        />
      )}
      {load.status === 'ready' && subscription && (
        <>
          <CurrentPlan
            subscription={subscription}
            busy={busy}
            onCancel={() => setIsCancelOpen(true)}
            onResume={() => void change('resume')}
            onReplaceCard={() => {
              setCardError(null);
              void openCardReplacement();
            }}
          />
          {userId && <InvoicesCard userId={userId} />}
          <Modal
            isOpen={isCardOpen}
            onClose={() => setIsCardOpen(false)}
            title="Replace card"
            description={
              subscription.paymentMethod
                ? `The new card replaces your ${cardLabel(subscription.paymentMethod)} for every payment from now on.`
                : 'The new card pays every payment from now on.'
            }
            size="lg"
          >
            {cardError && (
              <Alert variant="danger" title="Card not replaced">
                <p>{cardError}</p>
                <p>Check the details or use another card.</p>
              </Alert>
            )}
            {subscription.status === 'past_due' && (
              <p className="replace-card__note">
                Your last payment failed: it is charged to the new card as soon as you save it.
              </p>
            )}
            <CardForm
              submitLabel="Save new card"
              onSubmit={replaceCard}
              testCards={plansData?.sandboxTestCards}
            />
          </Modal>
          <Modal
            isOpen={isCancelOpen}
            onClose={() => setIsCancelOpen(false)}
            title="Cancel your subscription?"
            size="sm"
            footer={
              <>
                <Button
                  variant="secondary"
                  disabled={busy === 'cancel'}
                  onClick={() => setIsCancelOpen(false)}
                >
                  Keep subscription
                </Button>
                <Button variant="danger" isLoading={busy === 'cancel'} onClick={() => void change('cancel')}>
                  Cancel at period end
                </Button>
              </>
            }
          >
            <ul className="cancel-consequences">
              <li>
                Your {subscription.plan.name} plan stays active until{' '}
                <strong>{formatLongDate(subscription.currentPeriodEnd)}</strong>, and you are not charged
                again.
              </li>
              <li>Until then you can still use your {countOf(subscription.invitesLeft, 'invite')} left.</li>
              <li>
                After that you cannot invite physicians. Your jobs, applicants and conversations stay, and you
                can subscribe again at any time.
              </li>
              <li>You can resume the subscription before it ends.</li>
            </ul>
          </Modal>
        </>
      )}
    </div>
  );
}

function CurrentPlan({
  subscription,
  busy,
  onCancel,
  onResume,
  onReplaceCard,
}: {
  subscription: TSubscription;
  busy: 'cancel' | 'resume' | 'card' | null;
  onCancel: () => void;
  onResume: () => void;
  onReplaceCard: () => void;
}) {
  // The card can be replaced while payments are still taken: active (also when ending) or past due.
  const canReplaceCard = subscription.status === 'active' || subscription.status === 'past_due';
  const status = STATUS_BADGE[subscription.status];
  const isEnding = subscription.cancelAtPeriodEnd && subscription.status !== 'canceled';
  const method = subscription.paymentMethod;
  return (
    <Card
      title="Current plan"
      aria-label="Current plan"
      actions={
        <>
          <Badge variant={status.variant}>{status.label}</Badge>
          {isEnding && <Badge variant="warning">Ends {formatShortDate(subscription.currentPeriodEnd)}</Badge>}
        </>
      }
    >
      <dl className="subscription-facts">
        <div>
          <dt>Plan</dt>
          <dd>{subscription.plan.name}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>
            {formatMoney(planPriceCents(subscription.plan, subscription.interval))}{' '}
            <span className="subscription-facts__small">
              {INTERVAL_ADJECTIVE[subscription.interval].toLowerCase()}
            </span>
          </dd>
        </div>
        <div>
          <dt>{subscription.status === 'canceled' ? 'Ended on' : isEnding ? 'Ends on' : 'Renews on'}</dt>
          <dd>{formatLongDate(subscription.currentPeriodEnd)}</dd>
        </div>
        <div>
          <dt>Payment method</dt>
          <dd className="subscription-facts__card">
            <span>
              {method
                ? `${cardLabel(method)}, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}`
                : 'None on file'}
            </span>
            {canReplaceCard && (
              <Button variant="secondary" size="sm" isLoading={busy === 'card'} onClick={onReplaceCard}>
                Replace card
              </Button>
            )}
          </dd>
        </div>
      </dl>
      <div className="invites-meter">
        <Meter
          label="Invites left this period"
          value={subscription.invitesLeft}
          max={subscription.invitesPerPeriod}
          valueText={`${subscription.invitesLeft} of ${countOf(subscription.invitesPerPeriod, 'invite')} left`}
        />
        <p className="invites-meter__text">
          <strong>{subscription.invitesLeft}</strong> of {countOf(subscription.invitesPerPeriod, 'invite')}{' '}
          left this period
          {subscription.status === 'active' && !isEnding
            ? `; the allowance resets on ${formatLongDate(subscription.currentPeriodEnd)}.`
            : '.'}
        </p>
      </div>
      {subscription.pendingChange && (
        <Alert variant="info" title="Plan change scheduled">
          Your plan changes to {subscription.pendingChange.plan.name} (
          {INTERVAL_ADJECTIVE[subscription.pendingChange.interval].toLowerCase()}) on{' '}
          {formatLongDate(subscription.pendingChange.effectiveAt)}.
        </Alert>
      )}
      {subscription.status === 'past_due' && (
        <Alert variant="danger" title="Your last payment failed">
          We will try the card again over the next few days. If every attempt fails the subscription is
          canceled and you can no longer invite physicians.
        </Alert>
      )}
      <div className="subscription-actions">
        {subscription.status === 'canceled' && (
          <Link className={buttonClasses()} to="/payment">
            Subscribe again
          </Link>
        )}
        {isEnding && (
          <Button isLoading={busy === 'resume'} onClick={onResume}>
            Resume subscription
          </Button>
        )}
        {!isEnding && subscription.status !== 'canceled' && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel subscription
          </Button>
        )}
      </div>
    </Card>
  );
}

function InvoicesCard({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<TInvoiceList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const subscription = useAppSelector(selectUserSubscription);

  // A plan change or payment adds invoices; reload when the subscription changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscription is the trigger, not an input.
  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    subscriptionApi
      .getInvoices(userId, { pageSize: INVOICES_PAGE_SIZE, pageNumber: page }, controller.signal)
      .then(setList)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(describeError(error));
      });
    return () => controller.abort();
  }, [userId, page, subscription]);

  async function download(invoice: TInvoice) {
    setDownloading(invoice._id);
    try {
      saveBlob(await subscriptionApi.downloadInvoice(invoice._id), `MedHire-invoice-${invoice.number}.pdf`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  }

  const pageCount = list ? Math.max(1, Math.ceil(list.total / INVOICES_PAGE_SIZE)) : 1;
  return (
    <Card title="Invoices">
      {failure && (
        <Alert variant="danger" title="We couldn't load your invoices">
          {failure}
        </Alert>
      )}
      {!list && !failure && (
        <div className="subscription-loading" role="status">
          <Spinner /> Loading invoices…
        </div>
      )}
      {list && (
        <>
          <Table
            caption="Invoices"
            isStackedOnPhone
            rows={list.invoices}
            rowKey={(invoice) => invoice._id}
            emptyMessage="No invoices yet."
            columns={[
              { key: 'number', header: 'Invoice', cell: (invoice) => invoice.number },
              { key: 'date', header: 'Date', cell: (invoice) => formatShortDate(invoice.createdAt) },
              {
                key: 'period',
                header: 'Period',
                cell: (invoice) =>
                  `${formatShortDate(invoice.periodStart)} – ${formatShortDate(invoice.periodEnd)}`,
              },
              {
                key: 'total',
                header: 'Total',
                align: 'end',
                cell: (invoice) => formatMoney(invoice.totalCents, invoice.currency),
              },
              {
                key: 'status',
                header: 'Status',
                cell: (invoice) => (
                  <Badge variant={INVOICE_BADGE[invoice.status].variant}>
                    {INVOICE_BADGE[invoice.status].label}
                  </Badge>
                ),
              },
              {
                key: 'pdf',
                header: <span className="visually-hidden">Download</span>,
                align: 'end',
                cell: (invoice) => (
                  <Button
                    variant="ghost"
                    size="sm"
                    isLoading={downloading === invoice._id}
                    aria-label={`PDF of invoice ${invoice.number}`}
                    onClick={() => void download(invoice)}
                  >
                    PDF
                  </Button>
                ),
              },
            ]}
          />
          {pageCount > 1 && (
            <nav className="invoices-pager" aria-label="Invoice pages">
              <span>
                Page {page} of {pageCount}
              </span>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pageCount}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}
