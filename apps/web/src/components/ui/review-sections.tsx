import { Button } from '@medhire/ui/button.tsx';
import type { CSSProperties, ReactNode } from 'react';
import './review-sections.css';

export interface ReviewRow {
  label: string;
  /** Nothing (undefined, an empty string or NaN) reads "Not given". */
  value: ReactNode;
}

export interface ReviewSection {
  key: string;
  title: string;
  rows: readonly ReviewRow[];
  /** When given, the section offers an Edit button (named "Edit <title>"). */
  onEdit?: () => void;
}

export interface ReviewSectionsProps {
  sections: readonly ReviewSection[];
  headingLevel?: 2 | 3 | 4;
  /** The widest a row's label column grows, e.g. "13rem". */
  labelWidth?: string;
}

function isMissing(value: ReactNode): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (typeof value === 'number' && Number.isNaN(value))
  );
}

/** The "Not given" of an unanswered field. */
export function NotGiven() {
  return <span className="review-sections__missing">Not given</span>;
}

/** A record read back in labelled groups, each with an optional way back to edit it. */
export function ReviewSections({ sections, headingLevel = 3, labelWidth }: ReviewSectionsProps) {
  const Heading = `h${headingLevel}` as const;
  const style = labelWidth ? ({ '--review-label-width': labelWidth } as CSSProperties) : undefined;
  return (
    <div className="review-sections" style={style}>
      {sections.map((section) => (
        <section key={section.key} className="review-sections__section" aria-label={section.title}>
          <header className="review-sections__header">
            <Heading>{section.title}</Heading>
            {section.onEdit && (
              <Button variant="ghost" size="sm" onClick={section.onEdit} aria-label={`Edit ${section.title}`}>
                Edit
              </Button>
            )}
          </header>
          <dl>
            {section.rows.map((row) => (
              <div key={row.label} className="review-sections__row">
                <dt>{row.label}</dt>
                <dd>{isMissing(row.value) ? <NotGiven /> : row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
