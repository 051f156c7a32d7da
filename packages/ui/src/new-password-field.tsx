import './requirement-list.css';
import { useId } from 'react';
import { PasswordField, type PasswordFieldProps } from './field.tsx';
import { type Requirement, RequirementList } from './requirement-list.tsx';

export type NewPasswordFieldProps = Omit<PasswordFieldProps, 'hint' | 'aria-describedby'> & {
  requirements: readonly Requirement[];
};

/** A password being chosen, with its rules listed under it and read out with the field. */
export function NewPasswordField({ requirements, id, error, ...props }: NewPasswordFieldProps) {
  const generated = useId();
  const fieldId = id ?? `new-password-${generated}`;
  const rulesId = `${fieldId}-rules`;
  const describedBy = error ? `${rulesId} ${fieldId}-error` : rulesId;
  return (
    <div className="field-group">
      <PasswordField
        id={fieldId}
        autoComplete="new-password"
        error={error}
        {...props}
        aria-describedby={describedBy}
      />
      <RequirementList id={rulesId} title="Your password needs" requirements={requirements} />
    </div>
  );
}
