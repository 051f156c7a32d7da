import { cx } from '../../components/ui/cx.ts';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { ONBOARDING_STEPS } from './layout-for.ts';
import './onboarding-stepper.css';

/** Profile → Preferences → Plan, with the current step marked for assistive technology. */
export function OnboardingStepper({ currentStep }: { currentStep: number }) {
  return (
    <nav aria-label="Account set-up progress" className="stepper">
      <ol className="stepper__list">
        {ONBOARDING_STEPS.map((step, index) => {
          const state = index < currentStep ? 'done' : index === currentStep ? 'current' : 'upcoming';
          return (
            <li
              key={step}
              className={cx('stepper__step', `stepper__step--${state}`)}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper__marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={14} strokeWidth={2.6} /> : index + 1}
              </span>
              <span className="stepper__label">
                {step}
                {state === 'done' && <span className="visually-hidden"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
