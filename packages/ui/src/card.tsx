import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from './cx.ts';
import './card.css';

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Controls shown at the right of the title, such as a button. */
  actions?: ReactNode;
  /** Heading level of the title within the page outline. */
  headingLevel?: 2 | 3;
  padding?: CardPadding;
}

export type CardPadding = 'sm' | 'md' | 'lg';
export type CardShadow = 'sm' | 'xs' | 'none';

/** The card's look for an element that is not a `<Card>` (a list item, a header). */
export function cardClasses({
  padding = 'md',
  shadow = 'sm',
}: {
  padding?: CardPadding;
  shadow?: CardShadow;
} = {}): string {
  return cx('card', `card--padding-${padding}`, shadow !== 'sm' && `card--shadow-${shadow}`);
}

export function Card({
  title,
  description,
  actions,
  headingLevel = 2,
  padding = 'md',
  className,
  children,
  ...props
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={cx(cardClasses({ padding }), className)} {...props}>
      {(title || actions) && (
        <header className="card__header">
          <div className="card__titles">
            {title && <Heading className="card__title">{title}</Heading>}
            {description && <p className="card__description">{description}</p>}
          </div>
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
