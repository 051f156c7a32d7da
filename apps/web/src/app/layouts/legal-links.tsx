import { cx } from '@medhire/ui/cx.ts';
import { Link } from 'react-router';
import './legal-links.css';

export const LEGAL_LINKS = [
  { to: '/terms-conditions', label: 'Terms & Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/subscription-agreement', label: 'Subscription Agreement' },
  { to: '/licensing-agreement', label: 'Licensing Agreement' },
  { to: '/delegate-access', label: 'Delegate Access' },
] as const;

export function LegalLinks({
  tone = 'default',
  className,
}: {
  tone?: 'default' | 'inverse';
  className?: string;
}) {
  return (
    <nav
      aria-label="Legal"
      className={cx('legal-links', tone === 'inverse' && 'legal-links--inverse', className)}
    >
      <ul>
        {LEGAL_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
