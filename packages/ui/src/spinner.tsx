import type { CSSProperties } from 'react';
import { cx } from './cx.ts';
import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to assistive technology; omit inside an element that already says it is busy. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const spinner = <span className={cx('spinner', `spinner--${size}`, className)} aria-hidden="true" />;
  if (!label) return spinner;
  return (
    <span role="status" className="spinner-status">
      {spinner}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A placeholder shape while content loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1rem', radius, className }: SkeletonProps) {
  return (
    <span
      className={cx('skeleton', className)}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
