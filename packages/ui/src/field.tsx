import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import { cx } from './cx.ts';
import './field.css';

interface FieldChrome {
  label: ReactNode;
  /** Guidance shown under the control and linked to it with aria-describedby. */
  hint?: ReactNode;
  /** The validation message; marks the control aria-invalid and is announced with it. */
  error?: string;
  /** Shows "(optional)" after the label, for forms where most fields are required. */
  isOptional?: boolean;
  className?: string;
}

function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const fieldId = id ?? `field-${generated}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { fieldId, hintId, errorId, describedBy };
}

function FieldLabel({
  htmlFor,
  label,
  isOptional,
}: {
  htmlFor: string;
  label: ReactNode;
  isOptional?: boolean;
}) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {isOptional && <span className="field__optional"> (optional)</span>}
    </label>
  );
}

function FieldMessages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4.5v4.2M8 11.2v.1" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      )}
    </>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentPropsWithRef<'input'>, 'className'>;

export function TextField({
  label,
  hint,
  error,
  isOptional,
  className,
  id,
  type = 'text',
  ...props
}: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <FieldLabel htmlFor={ids.fieldId} label={label} isOptional={isOptional} />
      <input
        id={ids.fieldId}
        type={type}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...props}
      />
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'inputMode'>;

/**
 * An e-mail address: the e-mail keyboard on phones, no capitalising or spell-checking. Say with
 * `autoComplete` whether it is the account's sign-in name ("username") or a contact ("email").
 */
export function EmailField(props: EmailFieldProps) {
  return <TextField type="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with a show/hide switch; the switch never submits the form. */
export function PasswordField({
  label,
  hint,
  error,
  isOptional,
  className,
  id,
  ...props
}: PasswordFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <FieldLabel htmlFor={ids.fieldId} label={label} isOptional={isOptional} />
      <div className="field__affix">
        <input
          id={ids.fieldId}
          type={isVisible ? 'text' : 'password'}
          className="field__control field__control--with-action"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          spellCheck={false}
          autoCapitalize="none"
          {...props}
        />
        <button
          type="button"
          className="field__action"
          aria-pressed={isVisible}
          aria-controls={ids.fieldId}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type TextAreaProps = FieldChrome & Omit<ComponentPropsWithRef<'textarea'>, 'className'>;

export function TextArea({
  label,
  hint,
  error,
  isOptional,
  className,
  id,
  rows = 4,
  ...props
}: TextAreaProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <FieldLabel htmlFor={ids.fieldId} label={label} isOptional={isOptional} />
      <textarea
        id={ids.fieldId}
        rows={rows}
        className="field__control field__control--textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...props}
      />
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export type SelectProps = FieldChrome &
  Omit<ComponentPropsWithRef<'select'>, 'className' | 'children'> & {
    options: readonly SelectOption[];
    /** A first, empty choice such as "Choose a specialty". */
    placeholder?: string;
  };

export function Select({
  label,
  hint,
  error,
  isOptional,
  className,
  id,
  options,
  placeholder,
  ...props
}: SelectProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <FieldLabel htmlFor={ids.fieldId} label={label} isOptional={isOptional} />
      <div className="field__select">
        <select
          id={ids.fieldId}
          className="field__control field__control--select"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.isDisabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type CheckboxProps = Omit<FieldChrome, 'isOptional'> &
  Omit<ComponentPropsWithRef<'input'>, 'className' | 'type'>;

export function Checkbox({ label, hint, error, className, id, ...props }: CheckboxProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cx('field', 'field--checkbox', error && 'field--invalid', className)}>
      <div className="field__checkbox-row">
        <input
          id={ids.fieldId}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...props}
        />
        <label className="field__checkbox-label" htmlFor={ids.fieldId}>
          {label}
        </label>
      </div>
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
