import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import './page-header.css';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** A short label above the title, such as the section or the step. */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The page's one h1, with its purpose and the page-wide actions. */
export function PageHeader({ title, description, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('page-header', className)}>
      <div className="page-header__titles">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
