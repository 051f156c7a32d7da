import { cx } from './cx.ts';
import './progress-bar.css';

export interface MeterProps {
  label: string;
  value: number;
  max: number;
  /** What assistive technology reads, e.g. "12 of 20 invites left". */
  valueText?: string;
  className?: string;
  /**
   * When the gauge turns to the danger colour: `low` when a fifth or less remains (a quota left),
   * `full` when the range is used up (seats taken).
   */
  dangerWhen?: 'low' | 'full';
}

/**
 * A gauge of an amount within a known range (role meter), such as invites left of a quota.
 * It turns to the danger colour when a fifth or less remains, or (dangerWhen `full`) when full.
 */
export function Meter({ label, value, max, valueText, className, dangerWhen = 'low' }: MeterProps) {
  const fraction = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const isLow = dangerWhen === 'low' ? fraction <= 0.2 : fraction >= 1;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the design's colours in every browser.
    <div
      className={cx('progress-bar', isLow ? 'progress-bar--danger' : 'progress-bar--primary', className)}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span className="progress-bar__fill" style={{ width: `${Math.round(fraction * 100)}%` }} />
    </div>
  );
}
