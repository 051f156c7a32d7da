import { Alert } from '@medhire/ui/alert.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { CheckIcon } from '@medhire/ui/icons.tsx';
import { type ReactNode, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { useIsScrollable } from '../../lib/use-is-scrollable.ts';
import './wizard.css';

export interface WizardStep {
  id: string;
  title: string;
}

export interface WizardStepState {
  /** Index of the step on screen. */
  step: number;
  /** Index of the furthest step reached. */
  furthest: number;
  /** Moves to a step, which then counts as reached. */
  moveTo: (target: number) => void;
  /** Shows a step without counting it as reached (e.g. the one a refused save points at). */
  show: (target: number) => void;
  /** The step heading, focused whenever the step changes (not on the first render). */
  headingRef: Ref<HTMLHeadingElement>;
}

/** Which step of a form in steps is on screen and how far the person got; focus follows the step. */
export function useWizardStep(initialStep = 0, initialFurthest = initialStep): WizardStepState {
  const [step, setStep] = useState(initialStep);
  const [furthest, setFurthest] = useState(initialFurthest);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger for moving focus.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const moveTo = useCallback((target: number) => {
    setStep(target);
    setFurthest((reached) => Math.max(reached, target));
  }, []);

  return { step, furthest, moveTo, show: setStep, headingRef };
}

export interface WizardStepsProps {
  /** Names the step list for screen readers, e.g. "Job form steps". */
  label: string;
  steps: readonly WizardStep[];
  /** Index of the step on screen. */
  current: number;
  /** Index of the furthest step reached: it and every step before it can be opened again. */
  furthest: number;
  onGoTo: (index: number) => void;
  /** Tighter tabs, for forms with many steps. */
  isCompact?: boolean;
}

/**
 * The numbered step list above a form in steps. Steps already reached are buttons; the current
 * one is marked with `aria-current="step"` and kept in sight when the list scrolls sideways.
 */
export function WizardSteps({ label, steps, current, furthest, onGoTo, isCompact }: WizardStepsProps) {
  const navRef = useRef<HTMLElement>(null);
  const [listRef, isListScrollable] = useIsScrollable<HTMLOListElement>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger for scrolling.
  useEffect(() => {
    // On a phone the step list scrolls sideways; keep the current step in sight.
    navRef.current
      ?.querySelector('[aria-current="step"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <nav aria-label={label} className={cx('wizard-steps', isCompact && 'wizard-steps--compact')} ref={navRef}>
      {/* On a phone the steps can be wider than the screen; the list then takes focus so the
          arrow keys scroll it. */}
      <ol ref={listRef} tabIndex={isListScrollable ? 0 : undefined}>
        {steps.map((entry, index) => {
          const state =
            index === current ? 'current' : index < furthest || index < current ? 'done' : 'upcoming';
          const isReachable = index <= furthest && index !== current;
          const content = (
            <>
              <span className="wizard-steps__marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={14} strokeWidth={2.6} /> : index + 1}
              </span>
              <span className="wizard-steps__label">{entry.title}</span>
            </>
          );
          return (
            <li
              key={entry.id}
              className={cx('wizard-steps__step', `wizard-steps__step--${state}`)}
              aria-current={index === current ? 'step' : undefined}
            >
              {isReachable ? (
                <button type="button" className="wizard-steps__button" onClick={() => onGoTo(index)}>
                  {content}
                </button>
              ) : (
                <span className="wizard-steps__button">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export interface WizardStepHeaderProps {
  step: number;
  total: number;
  /**
   * What a step is called in "Step 2 of 6". A form that is itself one stage of a longer journey
   * counts "Part 2 of 6", so its numbers do not compete with the journey's steps.
   */
  unit?: 'Step' | 'Part';
  title: ReactNode;
  description: ReactNode;
  /** The heading's id, for the form's `aria-labelledby`. */
  titleId: string;
  /** Focus moves to the heading when the step changes. */
  headingRef: Ref<HTMLHeadingElement>;
  /** The server's refusal of the last save, shown under the header. */
  error?: { id: string; title: string; message: string | null };
}

/** "Step 2 of 6", the step's title and what it asks, and the last refusal if any. */
export function WizardStepHeader({
  step,
  total,
  unit = 'Step',
  title,
  description,
  titleId,
  headingRef,
  error,
}: WizardStepHeaderProps) {
  return (
    <>
      <header className="wizard__header">
        <p className="wizard__count">
          {unit} {step + 1} of {total}
        </p>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="wizard__title">
          {title}
        </h2>
        <p className="wizard__description">{description}</p>
      </header>
      {error?.message && (
        <div id={error.id} className="wizard__error">
          <Alert variant="danger" title={error.title}>
            {error.message}
          </Alert>
        </div>
      )}
    </>
  );
}

/** The Back / Next row under a step. */
export function WizardActions({ children }: { children: ReactNode }) {
  return <footer className="wizard__actions">{children}</footer>;
}

/** Pushes the following actions to the right, on wide screens. */
export function WizardSpacer() {
  return <span className="wizard__spacer" />;
}
