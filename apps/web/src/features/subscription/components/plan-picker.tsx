import { invitesForInterval } from '@medhire/contract/billing-labels';
import type { TBillingInterval, TPlan, TPlanId } from '@medhire/contract/subscription';
import { Badge } from '@medhire/ui/badge.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { CheckIcon } from '@medhire/ui/icons.tsx';
import { type ReactNode, useId } from 'react';
import { countOf, noun } from '../../../lib/plural.ts';
import { formatMoney, planPriceCents, yearlySavingPercent } from '../billing-format.ts';

/** Monthly or yearly billing, as a pair of radio buttons that looks like a switch. */
export function IntervalToggle({
  plans,
  value,
  onChange,
}: {
  plans: readonly TPlan[];
  value: TBillingInterval;
  onChange: (interval: TBillingInterval) => void;
}) {
  const name = useId();
  const saving = yearlySavingPercent(plans);
  const options: { value: TBillingInterval; label: string }[] = [
    { value: 'month', label: 'Monthly' },
    { value: 'year', label: saving > 0 ? `Yearly (save up to ${saving}%)` : 'Yearly' },
  ];
  return (
    <fieldset className="interval-toggle">
      <legend className="visually-hidden">Billing period</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cx('interval-toggle__option', value === option.value && 'interval-toggle__option--on')}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** What a plan costs per period, with the monthly equivalent for yearly billing. */
export function PlanPrice({ plan, interval }: { plan: TPlan; interval: TBillingInterval }) {
  const cents = planPriceCents(plan, interval);
  return (
    <p className="plan-card__price">
      <span className="plan-card__amount">{formatMoney(cents)}</span>
      <span className="plan-card__per">/{interval === 'year' ? 'year' : 'month'}</span>
      {interval === 'year' && (
        <span className="plan-card__equivalent">
          {formatMoney(Math.round(cents / 12))} a month, billed yearly
        </span>
      )}
    </p>
  );
}

/** "5 invites a month" or, billed yearly, "60 invites a year": the allowance for the period shown. */
export function invitesAllowance(plan: TPlan, interval: TBillingInterval): string {
  return `${countOf(invitesForInterval(plan, interval), 'invite')} a ${interval === 'year' ? 'year' : 'month'}`;
}

/**
 * The plan's allowance and features, as the plan cards list them. Each limit is said once, here,
 * from the plan's numbers; the highlights carry only what the numbers do not.
 */
export function PlanIncludes({ plan, interval }: { plan: TPlan; interval: TBillingInterval }) {
  const items = [
    invitesAllowance(plan, interval),
    `${plan.seats} team ${noun(plan.seats, 'seat')}`,
    ...plan.highlights,
  ];
  return (
    <ul className="plan-card__includes" aria-label={`${plan.name} includes`}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon size={16} />
          {item}
        </li>
      ))}
    </ul>
  );
}

export interface PlanCardsProps {
  plans: readonly TPlan[];
  interval: TBillingInterval;
  /** Marks a plan as the one in use ("Current plan"). */
  currentPlanId?: TPlanId | null;
  /** Marks one plan as recommended for a first choice. */
  recommendedPlanId?: TPlanId;
  /** Per-card foot: a radio to choose, or a button to preview a change. */
  renderAction: (plan: TPlan) => ReactNode;
  /** Highlights the chosen card. */
  selectedPlanId?: TPlanId | null;
}

/** The plans side by side (stacked on a phone). */
export function PlanCards({
  plans,
  interval,
  currentPlanId,
  recommendedPlanId,
  renderAction,
  selectedPlanId,
}: PlanCardsProps) {
  return (
    <ul className="plan-cards" aria-label="Plans">
      {plans.map((plan) => {
        const isCurrent = plan._id === currentPlanId;
        return (
          <li
            key={plan._id}
            className={cx(
              'plan-card',
              plan._id === selectedPlanId && 'plan-card--selected',
              isCurrent && 'plan-card--current',
            )}
            aria-label={plan.name}
          >
            <div className="plan-card__head">
              <h3 className="plan-card__name">{plan.name}</h3>
              {isCurrent && <Badge variant="success">Current plan</Badge>}
              {!isCurrent && plan._id === recommendedPlanId && <Badge variant="primary">Most popular</Badge>}
            </div>
            <p className="plan-card__description">{plan.description}</p>
            <PlanPrice plan={plan} interval={interval} />
            <PlanIncludes plan={plan} interval={interval} />
            <div className="plan-card__action">{renderAction(plan)}</div>
          </li>
        );
      })}
    </ul>
  );
}
