import { cx } from './cx.ts';
import './logo.css';

export interface LogoProps {
  /** Light text for dark backgrounds. */
  tone?: 'default' | 'inverse';
  /** The mark only, for narrow spaces; the name stays available to assistive technology. */
  isCompact?: boolean;
  className?: string;
}

export function Logo({ tone = 'default', isCompact = false, className }: LogoProps) {
  return (
    <span className={cx('logo', tone === 'inverse' && 'logo--inverse', className)}>
      <svg
        className="logo__mark"
        viewBox="0 0 64 64"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
        <circle cx="48" cy="48" r="7" fill="#5eead4" />
      </svg>
      <span className={cx('logo__name', isCompact && 'visually-hidden')}>
        Med<span className="logo__name-accent">Hire</span>
      </span>
    </span>
  );
}
