import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import './empty-state.css';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** What the person can do to fill this space, usually one primary action. */
  action?: ReactNode;
  /** 1 when the empty state is the whole page. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1] ?? 'h2';
  return (
    <div className={cx('empty-state', className)}>
      {icon && <div className="empty-state__icon">{icon}</div>}
      <Heading className="empty-state__title">{title}</Heading>
      {description && <p className="empty-state__description">{description}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
