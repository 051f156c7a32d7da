import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import './subscription-screens.css';

export function ManageSubscriptionsScreen() {
  const user = useAppSelector((state) => state.auth.user);
  const meta = user?.subscriptionMeta;
  return (
    <>
      <title>Subscription · MedHire</title>
      <PageHeader
        title="Subscription"
        description="Your plan sets how many match invites you can send each billing period."
        actions={
          <Link className={buttonClasses()} to="/update-subscriptions">
            Change plan
          </Link>
        }
      />
      <Card title="Current plan">
        <dl className="subscription-facts">
          <div>
            <dt>Plan</dt>
            <dd>{meta?.planName ?? 'No plan chosen yet'}</dd>
          </div>
          <div>
            <dt>Match invites left</dt>
            <dd>{meta?.invitesLeft ?? 0}</dd>
          </div>
        </dl>
      </Card>
    </>
  );
}

export function UpdateSubscriptionsScreen() {
  return (
    <>
      <title>Change plan · MedHire</title>
      <PageHeader
        eyebrow="Subscription"
        title="Change plan"
        description="Compare plans by their monthly price and the match invites included in each billing period."
      />
      <Alert variant="info" title="Billing terms">
        Prices, renewals and cancellations follow the{' '}
        <Link to="/subscription-agreement">Subscription Agreement</Link>.
      </Alert>
    </>
  );
}

export function PaymentScreen() {
  return (
    <div className="payment-screen">
      <title>Payment · MedHire</title>
      <PageHeader
        eyebrow="Subscription"
        title="Payment"
        description="Add a payment method to activate your plan and start inviting physicians."
      />
      <Card>
        <div className="payment-screen__secure">
          <ShieldIcon size={28} />
          <p>
            Card details go straight to our payment provider over an encrypted connection; MedHire never
            stores your full card number. See the{' '}
            <Link to="/subscription-agreement">Subscription Agreement</Link> for billing terms.
          </p>
        </div>
      </Card>
    </div>
  );
}
