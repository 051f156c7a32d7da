import type { TBillingInterval, TPlan, TPlansData, TPreviewChangeData } from '@medhire/contract/subscription';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { describeError, HttpError } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { subscriptionApi } from '../api/subscription-api.ts';
import { formatLongDate, formatMoney, INTERVAL_ADJECTIVE, newIdempotencyKey } from '../billing-format.ts';
import { selectUserSubscription, subscriptionDataReceived } from '../subscription-data.ts';
import { IntervalToggle, PlanCards } from './plan-picker.tsx';
import './subscription-screens.css';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; plans: TPlansData };

type Preview =
  | { status: 'loading'; plan: TPlan; interval: TBillingInterval }
  | { status: 'failed'; plan: TPlan; interval: TBillingInterval; message: string }
  | { status: 'ready'; plan: TPlan; interval: TBillingInterval; preview: TPreviewChangeData };

/** /update-subscriptions (issue 12): plans side by side, the current one marked, a prorated preview before confirming. */
export function UpdateSubscriptionsScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = useAppSelector(selectUser)?._id;
  const subscription = useAppSelector(selectUserSubscription);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [interval, setInterval] = useState<TBillingInterval>('month');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [isChanging, setIsChanging] = useState(false);
  const [changeError, setChangeError] = useState<string | null>(null);
  const changeKey = useRef<{ key: string; signature: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    Promise.all([
      subscriptionApi.getPlans(controller.signal),
      subscriptionApi.getSubscription(userId, controller.signal),
    ])
      .then(([plans, data]) => {
        dispatch(subscriptionDataReceived(data));
        if (data.subscription) setInterval(data.subscription.interval);
        setLoad({ status: 'ready', plans });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [userId, dispatch, attempt]);

  async function openPreview(plan: TPlan) {
    if (!userId) return;
    setChangeError(null);
    setPreview({ status: 'loading', plan, interval });
    try {
      const result = await subscriptionApi.previewChange(userId, { planId: plan._id, interval });
      setPreview({ status: 'ready', plan, interval, preview: result });
    } catch (error) {
      setPreview({ status: 'failed', plan, interval, message: describeError(error) });
    }
  }

  async function confirmChange() {
    if (!userId || preview?.status !== 'ready') return;
    const body = { planId: preview.plan._id, interval: preview.interval };
    const signature = JSON.stringify(body);
    if (changeKey.current?.signature !== signature)
      changeKey.current = { key: newIdempotencyKey(), signature };
    setIsChanging(true);
    setChangeError(null);
    try {
      const data = await subscriptionApi.changePlan(userId, body, changeKey.current.key);
      changeKey.current = null;
      dispatch(subscriptionDataReceived(data));
      notifySuccess(
        preview.preview.isUpgrade
          ? `You are now on the ${preview.plan.name} plan.`
          : `Your plan changes to ${preview.plan.name} on ${formatLongDate(preview.preview.effectiveAt)}.`,
      );
      setPreview(null);
      await navigate('/manage-subscriptions');
    } catch (error) {
      if (error instanceof HttpError && !error.isNetworkError) changeKey.current = null;
      setChangeError(describeError(error));
    } finally {
      setIsChanging(false);
    }
  }

  const isActive = subscription?.status === 'active';
  const current = subscription ? { plan: subscription.plan._id, interval: subscription.interval } : null;

  return (
    <div className="subscription-screen">
      <title>Change plan · MedHire</title>
      <PageHeader
        eyebrow="Subscription"
        title="Change plan"
        description="Compare the plans. An upgrade starts now and you pay only the difference for the rest of this period; a downgrade starts when the period ends."
      />
      {load.status === 'loading' && (
        <div className="subscription-loading" role="status">
          <Spinner /> Loading plans…
        </div>
      )}
      {load.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load the plans">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {load.status === 'ready' && !isActive && (
        <Alert variant="info" title="No active subscription">
          <p>Only an active subscription can change plan. Choose a plan and pay for it first.</p>
          <Link className={buttonClasses({ size: 'sm' })} to="/payment">
            Choose a plan
          </Link>
        </Alert>
      )}
      {load.status === 'ready' && isActive && subscription && (
        <>
          {subscription.pendingChange && (
            <Alert variant="info" title="Plan change scheduled">
              Your plan changes to {subscription.pendingChange.plan.name} on{' '}
              {formatLongDate(subscription.pendingChange.effectiveAt)}. Choosing another plan replaces that
              change.
            </Alert>
          )}
          <div className="payment-step__head">
            <h2 className="visually-hidden">Plans</h2>
            <IntervalToggle plans={load.plans.plans} value={interval} onChange={setInterval} />
          </div>
          <PlanCards
            plans={load.plans.plans}
            interval={interval}
            currentPlanId={current?.interval === interval ? current.plan : null}
            renderAction={(plan) =>
              current?.plan === plan._id && current.interval === interval ? (
                <p className="plan-card__current-note">Your plan today</p>
              ) : (
                <Button
                  variant={
                    plan.monthlyPriceCents > subscription.plan.monthlyPriceCents ? 'primary' : 'secondary'
                  }
                  isBlock
                  isLoading={preview?.status === 'loading' && preview.plan._id === plan._id}
                  onClick={() => void openPreview(plan)}
                >
                  Switch to {plan.name}
                </Button>
              )
            }
          />
          <Link to="/manage-subscriptions">Back to subscription</Link>
        </>
      )}
      <Modal
        isOpen={preview !== null && preview.status !== 'loading'}
        onClose={() => setPreview(null)}
        title={
          preview
            ? `Switch to ${preview.plan.name}, ${INTERVAL_ADJECTIVE[preview.interval].toLowerCase()}`
            : ''
        }
        size="sm"
        footer={
          preview?.status === 'ready' ? (
            <>
              <Button variant="secondary" disabled={isChanging} onClick={() => setPreview(null)}>
                Keep current plan
              </Button>
              <Button isLoading={isChanging} onClick={() => void confirmChange()}>
                {preview.preview.isUpgrade
                  ? `Confirm and pay ${formatMoney(preview.preview.amountDueNowCents, preview.preview.currency)}`
                  : 'Confirm change'}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setPreview(null)}>
              Close
            </Button>
          )
        }
      >
        {preview?.status === 'failed' && (
          <Alert variant="danger" title="We couldn't price this change">
            {preview.message}
          </Alert>
        )}
        {preview?.status === 'ready' && (
          <div className="change-preview">
            <dl className="order-summary">
              <div>
                <dt>Due now</dt>
                <dd>{formatMoney(preview.preview.amountDueNowCents, preview.preview.currency)}</dd>
              </div>
              <div>
                <dt>Takes effect</dt>
                <dd>{preview.preview.isUpgrade ? 'Now' : formatLongDate(preview.preview.effectiveAt)}</dd>
              </div>
            </dl>
            <p>{preview.preview.description}</p>
            {changeError && (
              <Alert variant="danger" title="The plan was not changed">
                {changeError}
              </Alert>
            )}
          </div>
        )}
      </Modal>
    </div>
  );
}
