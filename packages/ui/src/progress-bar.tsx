import { cx } from './cx.ts';
import './progress-bar.css';

export interface ProgressBarProps {
  /** 0 to 1. */
  fraction: number;
  /** Names the bar, e.g. "Uploading clinic.jpg". */
  label: string;
  tone?: 'primary' | 'danger';
  className?: string;
}

/** A determinate progress bar (role progressbar with its value in percent). */
export function ProgressBar({ fraction, label, tone = 'primary', className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className={cx('progress-bar', `progress-bar--${tone}`, className)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
    >
      <span className="progress-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
