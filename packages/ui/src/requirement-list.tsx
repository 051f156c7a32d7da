import { cx } from './cx.ts';
import { CheckIcon } from './icons.tsx';
import './requirement-list.css';

export interface Requirement {
  id: string;
  label: string;
  isMet: boolean;
}

export interface RequirementListProps {
  requirements: readonly Requirement[];
  /** Referenced by the field's aria-describedby, so the rules are read with it. */
  id?: string;
  title?: string;
  className?: string;
}

/** Rules a value must follow, each ticked off as it is met. */
export function RequirementList({ requirements, id, title, className }: RequirementListProps) {
  return (
    <div className={cx('requirement-list', className)} id={id}>
      {title && <p className="requirement-list__title">{title}</p>}
      <ul>
        {requirements.map((requirement) => (
          <li key={requirement.id} className={cx('requirement', requirement.isMet && 'requirement--met')}>
            <span className="requirement__mark" aria-hidden="true">
              {requirement.isMet && <CheckIcon size={12} strokeWidth={3} />}
            </span>
            {requirement.label}
            <span className="visually-hidden">{requirement.isMet ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
