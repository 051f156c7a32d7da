import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './spinner.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of the container. */
  isBlock?: boolean;
  /** Square, for an icon with an accessible label. */
  isIconOnly?: boolean;
  className?: string;
}

/** The button look, for links that must look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  isBlock = false,
  isIconOnly = false,
  className,
}: ButtonStyleOptions = {}): string {
  return cx(
    'button',
    `button--${variant}`,
    `button--${size}`,
    isBlock && 'button--block',
    isIconOnly && 'button--icon',
    className,
  );
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyleOptions {
  /** Shows a spinner, keeps the label for assistive technology and blocks further clicks. */
  isLoading?: boolean;
  leadingIcon?: ReactNode;
}

export function Button({
  variant,
  size,
  isBlock,
  isIconOnly,
  isLoading = false,
  leadingIcon,
  className,
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, isBlock, isIconOnly, className })}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...props}
    >
      {isLoading ? <Spinner size="sm" /> : leadingIcon}
      {children}
    </button>
  );
}
