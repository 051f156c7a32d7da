import { CheckIcon } from '@medhire/ui/icons.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { Link } from 'react-router';
import { LegalLinks } from './legal-links.tsx';
import { PageOutlet } from './page-outlet.tsx';
import './auth-layout.css';

const SELLING_POINTS = [
  {
    title: 'Candidates matched to your practice',
    text: 'Physicians are ranked against your specialty, board status, experience and location needs.',
  },
  {
    title: 'Every conversation in one place',
    text: 'Invite matched physicians and message them without trading personal e-mail addresses.',
  },
  {
    title: 'Built for healthcare recruiting',
    text: 'Access is limited to your organization, and candidate data is handled with care.',
  },
];

/** Signed-out screens: the product's pitch beside the form. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__brand">
        <Link to="/" className="auth-layout__logo" aria-label="MedHire home">
          <Logo tone="inverse" />
        </Link>
        <div className="auth-layout__pitch">
          <p className="auth-layout__eyebrow">Physician recruiting for US employers</p>
          <p className="auth-layout__headline">Hire the physicians your patients are waiting for.</p>
          <ul className="auth-layout__points">
            {SELLING_POINTS.map((point) => (
              <li key={point.title}>
                <span className="auth-layout__check" aria-hidden="true">
                  <CheckIcon size={16} />
                </span>
                <span>
                  <strong>{point.title}</strong>
                  {point.text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <LegalLinks tone="inverse" className="auth-layout__legal" />
      </aside>
      <main className="auth-layout__main" id="main-content">
        <div className="auth-layout__card">
          <PageOutlet />
        </div>
        <LegalLinks className="auth-layout__legal-mobile" />
      </main>
    </div>
  );
}
