import type { TCardInput, TCheckoutData, TPlan, TPlanId, TPlansData } from '@medhire/contract/subscription';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { ArrowLeftIcon, ShieldIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { isOnboarding, OnboardingProgress } from '../../../app/onboarding-progress.tsx';
import { describeError, HttpError } from '../../../lib/http.ts';
import { selectUser, syncUser } from '../../auth/auth-slice.ts';
import { subscriptionApi } from '../api/subscription-api.ts';
import { formatMoney, INTERVAL_ADJECTIVE, newIdempotencyKey, planPriceCents } from '../billing-format.ts';
import { subscriptionDataReceived } from '../subscription-data.ts';
import { CardForm } from './card-form.tsx';
import { IntervalToggle, invitesAllowance, PlanCards } from './plan-picker.tsx';
import './subscription-screens.css';

type PlansLoad =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: TPlansData };

/** A payment attempt's key stays the same while the same payment is retried after a lost answer. */
interface Attempt {
  key: string;
  signature: string;
}

const RECOMMENDED_PLAN: TPlanId = 'professional';

/**
 * /payment (issue 12): choose a plan and billing period, pay with a card (sandbox) or on
 * Stripe Checkout, complete the bank's extra step when asked, then continue to /home. For a
 * new employer it is the last stage of sign-up, and shows the sign-up progress.
 */
export function PaymentScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const userId = user?._id;
  // Stripe Checkout sends a person who backs out to /payment?checkout=canceled.
  const [searchParams] = useSearchParams();
  const isCheckoutCanceled = searchParams.get('checkout') === 'canceled';
  const [plans, setPlans] = useState<PlansLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [interval, setInterval] = useState<'month' | 'year'>('month');
  const [planId, setPlanId] = useState<TPlanId>(RECOMMENDED_PLAN);
  const [declined, setDeclined] = useState<string | null>(null);
  const [actionId, setActionId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const lastAttempt = useRef<Attempt | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    setPlans({ status: 'loading' });
    subscriptionApi
      .getPlans(controller.signal)
      .then((data) => setPlans({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setPlans({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    if (declined) resultRef.current?.focus();
  }, [declined]);

  const plan = plans.status === 'ready' ? plans.data.plans.find((entry) => entry._id === planId) : undefined;
  const isActive = user?.subscriptionStatus === 'active';

  async function settle(result: TCheckoutData) {
    if (result.status === 'requires_action') {
      setActionId(result.actionId);
      return;
    }
    if (result.status === 'redirect') {
      setIsRedirecting(true);
      window.location.assign(result.url);
      return;
    }
    dispatch(subscriptionDataReceived(result));
    // The first payment may also finish onboarding (the account becomes approved).
    if (userId) await dispatch(syncUser(userId));
    notifySuccess(`Payment received. Your ${result.subscriptionMeta.planName ?? 'new'} plan is active.`);
    await navigate('/home');
  }

  function onRefused(error: unknown) {
    // A refusal (a decline, a validation answer) ends this attempt; a lost answer does not.
    if (error instanceof HttpError && !error.isNetworkError) lastAttempt.current = null;
    setDeclined(describeError(error));
  }

  async function pay(card: TCardInput | undefined) {
    if (!userId || !plan) return;
    setDeclined(null);
    const body = { planId: plan._id, interval, card };
    const signature = JSON.stringify(body);
    if (lastAttempt.current?.signature !== signature) {
      lastAttempt.current = { key: newIdempotencyKey(), signature };
    }
    try {
      const result = await subscriptionApi.checkout(userId, body, lastAttempt.current.key);
      lastAttempt.current = null;
      await settle(result);
    } catch (error) {
      onRefused(error);
    }
  }

  async function finishAction(approve: boolean) {
    if (!actionId) return;
    setIsConfirming(true);
    try {
      const result = await subscriptionApi.confirmAction(actionId, approve);
      setActionId(null);
      if (!approve) {
        setDeclined(
          'You canceled the confirmation with your bank, so the card was not charged. Try again when ready.',
        );
        return;
      }
      await settle(result);
    } catch (error) {
      setActionId(null);
      onRefused(error);
    } finally {
      setIsConfirming(false);
    }
  }

  return (
    <div className="payment-screen">
      <title>Payment · MedHire</title>
      {isOnboarding(user) && <OnboardingProgress stage="planAndPayment" />}
      <PageHeader
        eyebrow={isOnboarding(user) ? undefined : 'Subscription'}
        title="Payment"
        description="Choose a plan and add a payment method to start inviting physicians."
        actions={
          // During sign-up the way back is the previous step, never into the app before paying.
          isOnboarding(user) ? (
            <Link className={buttonClasses({ variant: 'secondary' })} to="/would-you-rather">
              <ArrowLeftIcon size={18} />
              Back to candidate preferences
            </Link>
          ) : undefined
        }
      />

      {isCheckoutCanceled && !isActive && (
        <Alert variant="info" title="Checkout canceled">
          You left the secure checkout before paying, so nothing was charged. Choose a plan to try again.
        </Alert>
      )}

      {isActive && (
        <Alert variant="info" title="Your subscription is active">
          <p>
            You are on the {user?.subscriptionMeta.planName ?? 'current'} plan. Change it or your billing
            period from <Link to="/update-subscriptions">Change plan</Link>, or see invoices in{' '}
            <Link to="/manage-subscriptions">Subscription</Link>.
          </p>
        </Alert>
      )}

      {plans.status === 'loading' && (
        <div className="subscription-loading" role="status">
          <Spinner /> Loading plans…
        </div>
      )}
      {plans.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load the plans">
          <p>{plans.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}

      {plans.status === 'ready' && !isActive && (
        <>
          <section className="payment-step" aria-labelledby="choose-plan-title">
            <div className="payment-step__head">
              <h2 id="choose-plan-title">1. Choose a plan</h2>
              <IntervalToggle plans={plans.data.plans} value={interval} onChange={setInterval} />
            </div>
            <PlanCards
              plans={plans.data.plans}
              interval={interval}
              recommendedPlanId={RECOMMENDED_PLAN}
              selectedPlanId={planId}
              renderAction={(entry) => (
                <label className="plan-card__choose">
                  <input
                    type="radio"
                    name="plan"
                    value={entry._id}
                    checked={entry._id === planId}
                    onChange={() => setPlanId(entry._id)}
                  />
                  Choose {entry.name}
                </label>
              )}
            />
          </section>

          {plan && (
            <section className="payment-step" aria-labelledby="pay-title">
              <h2 id="pay-title">2. Pay</h2>
              <Card>
                <OrderSummary plan={plan} interval={interval} />
                <div ref={resultRef} tabIndex={-1} className="payment-result">
                  {declined && (
                    <Alert variant="danger" title="Payment not completed">
                      <p>{declined}</p>
                      <p>Check the details or use another card, then pay again.</p>
                    </Alert>
                  )}
                </div>
                {plans.data.provider === 'stripe' ? (
                  <div className="payment-stripe">
                    <p>
                      You will enter your card on Stripe's secure checkout page and come back here afterwards.
                    </p>
                    <Button size="lg" isBlock isLoading={isRedirecting} onClick={() => void pay(undefined)}>
                      Continue to secure checkout
                    </Button>
                  </div>
                ) : (
                  <CardForm
                    submitLabel={`Pay ${formatMoney(planPriceCents(plan, interval))} and subscribe`}
                    onSubmit={pay}
                    testCards={plans.data.sandboxTestCards}
                  />
                )}
                <div className="payment-screen__secure">
                  <ShieldIcon size={24} />
                  <p>
                    MedHire never stores your full card number: only its brand, last four digits and expiry.
                    See the <Link to="/subscription-agreement">Subscription Agreement</Link> for billing
                    terms; you can cancel any time from Subscription.
                  </p>
                </div>
              </Card>
            </section>
          )}
        </>
      )}

      {isActive && (
        <p>
          <Link className={buttonClasses({ variant: 'secondary' })} to="/home">
            Go to home
          </Link>
        </p>
      )}

      <Modal
        isOpen={actionId !== null}
        onClose={() => void finishAction(false)}
        title="Confirm this payment with your bank"
        description="Your bank asks you to confirm this payment before the card is charged."
        size="sm"
        footer={
          <>
            <Button variant="secondary" disabled={isConfirming} onClick={() => void finishAction(false)}>
              Cancel payment
            </Button>
            <Button isLoading={isConfirming} onClick={() => void finishAction(true)}>
              Complete authentication
            </Button>
          </>
        }
      >
        <p>
          This is the sandbox's stand-in for a bank's check (3-D Secure). Complete it to pay{' '}
          {plan ? formatMoney(planPriceCents(plan, interval)) : ''}, or cancel to leave the card uncharged.
        </p>
      </Modal>
    </div>
  );
}

function OrderSummary({ plan, interval }: { plan: TPlan; interval: 'month' | 'year' }) {
  return (
    <dl className="order-summary">
      <div>
        <dt>Plan</dt>
        <dd>
          {plan.name}, {INTERVAL_ADJECTIVE[interval].toLowerCase()}
        </dd>
      </div>
      <div>
        <dt>Due today</dt>
        <dd>{formatMoney(planPriceCents(plan, interval))}</dd>
      </div>
      <div>
        <dt>Invites</dt>
        <dd>{invitesAllowance(plan, interval)}</dd>
      </div>
    </dl>
  );
}
