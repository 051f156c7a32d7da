import type { TPreferenceProbeDefinition } from '@medhire/contract/preference-probes';
import { cx } from '@medhire/ui/cx.ts';
import { CheckIcon } from '@medhire/ui/icons.tsx';
import { type KeyboardEvent, useId, useRef } from 'react';

export type ProbeChoice = 'a' | 'b';

const CHOICES: readonly ProbeChoice[] = ['a', 'b'];

/**
 * One would-you-rather pair as a radio group of two large cards. Arrow keys move the choice
 * between the cards, Enter continues; a pointer click chooses and continues at once.
 */
export function ProbeQuestion({
  probe,
  choice,
  onChoose,
  onContinue,
}: {
  probe: TPreferenceProbeDefinition;
  choice: ProbeChoice | undefined;
  onChoose: (choice: ProbeChoice) => void;
  onContinue: (choice: ProbeChoice) => void;
}) {
  const name = useId();
  const legendId = useId();
  const inputs = useRef<Record<ProbeChoice, HTMLInputElement | null>>({ a: null, b: null });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, current: ProbeChoice) => {
    const index = CHOICES.indexOf(current);
    let next: ProbeChoice | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = CHOICES[(index + 1) % CHOICES.length];
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      next = CHOICES[(index - 1 + CHOICES.length) % CHOICES.length];
    }
    if (next) {
      // Browsers differ in how they move between radios; doing it here keeps the order fixed.
      event.preventDefault();
      onChoose(next);
      inputs.current[next]?.focus();
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      onContinue(current);
    }
  };

  return (
    <fieldset className="probe" aria-describedby={`${legendId}-help`}>
      <legend id={legendId} className="probe__legend">
        Which physician would you rather hire?
      </legend>
      <p id={`${legendId}-help`} className="visually-hidden">
        Use the arrow keys to choose, then Enter to continue.
      </p>
      <div className="probe__choices">
        {CHOICES.map((option) => {
          const isChecked = choice === option;
          const titleId = `${name}-${option}-title`;
          const detailId = `${name}-${option}-detail`;
          return (
            // The label's own click is the pointer; the click it forwards to the radio (and a
            // keyboard Space on the radio) targets the input and only chooses.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the radio inside.
            <label
              key={option}
              className={cx('probe-card', isChecked && 'probe-card--checked')}
              onClick={(event) => {
                if (event.target instanceof HTMLInputElement || event.detail === 0) return;
                onChoose(option);
                onContinue(option);
              }}
            >
              <input
                ref={(element) => {
                  inputs.current[option] = element;
                }}
                type="radio"
                name={name}
                value={option}
                checked={isChecked}
                className="visually-hidden"
                aria-labelledby={titleId}
                aria-describedby={detailId}
                // With nothing chosen yet, the first card takes the group's single Tab stop.
                tabIndex={isChecked || (choice === undefined && option === 'a') ? 0 : -1}
                onChange={() => onChoose(option)}
                onKeyDown={(event) => onKeyDown(event, option)}
              />
              <span className="probe-card__mark" aria-hidden="true">
                {isChecked && <CheckIcon size={16} strokeWidth={3} />}
              </span>
              <span className="probe-card__title" id={titleId}>
                {probe[option].title}
              </span>
              <span className="probe-card__detail" id={detailId}>
                {probe[option].detail}
              </span>
            </label>
          );
        })}
        <span className="probe__or" aria-hidden="true">
          or
        </span>
      </div>
    </fieldset>
  );
}
