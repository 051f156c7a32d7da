import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons.tsx';
import './alert.css';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const icons = { info: InfoIcon, success: CheckCircleIcon, warning: AlertIcon, danger: AlertIcon };

/** A message in the page flow. Problems are announced at once (role alert), the rest politely. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  const Icon = icons[variant];
  const isUrgent = variant === 'danger' || variant === 'warning';
  return (
    <div className={cx('alert', `alert--${variant}`, className)} role={isUrgent ? 'alert' : 'status'}>
      <Icon className="alert__icon" size={20} />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__text">{children}</div>}
      </div>
    </div>
  );
}
