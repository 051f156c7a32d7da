import { CheckIcon } from '@medhire/ui/icons.tsx';
import './stage-progress.css';

export interface StageProgressProps {
  /** Names the progress for screen readers, e.g. "Sign-up progress". */
  label: string;
  /** The stages in order, by name. */
  stages: readonly string[];
  /** Index of the stage on screen; every stage before it is done. */
  current: number;
}

/**
 * How far a person is through a journey of several screens: "Step 3 of 5" and the stages as an
 * ordered list, the current one marked with `aria-current="step"`. Where there is little room
 * (a phone, a narrow card) only the markers stay in the row and the line above names the stage.
 */
export function StageProgress({ label, stages, current }: StageProgressProps) {
  const currentName = stages[current] ?? '';
  return (
    <nav aria-label={label} className="stage-progress">
      <p className="stage-progress__summary">
        Step {current + 1} of {stages.length}: <strong>{currentName}</strong>
      </p>
      <ol className="stage-progress__list">
        {stages.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          return (
            <li
              key={name}
              className={`stage-progress__stage stage-progress__stage--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stage-progress__marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={14} strokeWidth={2.6} /> : index + 1}
              </span>
              <span className="stage-progress__name">
                {name}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
