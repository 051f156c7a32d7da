import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import './badge.css';

export type BadgeVariant = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}

export function Badge({ variant = 'neutral', children, className }: BadgeProps) {
  return <span className={cx('badge', `badge--${variant}`, className)}>{children}</span>;
}
