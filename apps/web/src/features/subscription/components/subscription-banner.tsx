import { AlertIcon } from '@medhire/ui/icons.tsx';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useCan } from '../../../app/use-can.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { subscriptionApi } from '../api/subscription-api.ts';
import { formatLongDate } from '../billing-format.ts';
import { selectUserSubscription, subscriptionDataReceived } from '../subscription-data.ts';
import './subscription-banner.css';

/** A subscription set to end within this many days counts as "ending soon". */
export const ENDING_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

function isWithinDays(iso: string | null, days: number, now = Date.now()): boolean {
  if (!iso) return false;
  const end = Date.parse(iso);
  return Number.isFinite(end) && end - now <= days * DAY_MS;
}

/**
 * The main layout's banner (issue 12): a failed renewal (past_due), a subscription that ended,
 * or one canceled to end within a week. Whether an active plan is set to end is only on the
 * subscription itself, so it is fetched only when the period ends within that week, and only for
 * a role that manages billing; other members read the notice without the billing link.
 */
export function SubscriptionBanner() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const subscription = useAppSelector(selectUserSubscription);
  const status = user?.subscriptionStatus;
  const periodEnd = user?.subscriptionMeta.currentPeriodEnd ?? null;
  const isEndingWindow = status === 'active' && isWithinDays(periodEnd, ENDING_SOON_DAYS);
  const userId = user?._id;
  const canManageBilling = useCan('billing');

  useEffect(() => {
    if (!canManageBilling || !isEndingWindow || subscription || !userId) return;
    const controller = new AbortController();
    subscriptionApi
      .getSubscription(userId, controller.signal)
      .then((data) => dispatch(subscriptionDataReceived(data)))
      // The banner is a reminder; the subscription page reports a failed load itself.
      .catch(() => undefined);
    return () => controller.abort();
  }, [canManageBilling, isEndingWindow, subscription, userId, dispatch]);

  let message: string | null = null;
  let action = { to: '/manage-subscriptions', label: 'Manage subscription' };
  if (status === 'past_due') {
    message =
      'Your last payment failed. We will retry the card over the next few days; if it keeps failing, your subscription is canceled and invites stop.';
  } else if (status === 'canceled') {
    message =
      'Your subscription has ended, so you cannot invite physicians. Your jobs and conversations are kept.';
    action = { to: '/payment', label: 'Subscribe again' };
  } else if (isEndingWindow && subscription?.cancelAtPeriodEnd && periodEnd) {
    message = `Your ${subscription.plan.name} plan ends on ${formatLongDate(periodEnd)} and will not renew.`;
    action = { to: '/manage-subscriptions', label: 'Resume subscription' };
  }
  if (!message) return null;

  return (
    <section className="subscription-banner" aria-label="Subscription notice">
      <AlertIcon size={18} />
      <p>{message}</p>
      {canManageBilling ? (
        <Link to={action.to} className="subscription-banner__action">
          {action.label}
        </Link>
      ) : (
        <p>The organization's owner manages the subscription.</p>
      )}
    </section>
  );
}
