import { Link } from 'react-router';
import {
  DELEGATE_ACCESS,
  type LegalDocument,
  LICENSING_AGREEMENT,
  PRIVACY_POLICY,
  SUBSCRIPTION_AGREEMENT,
  TERMS_CONDITIONS,
} from '../legal-documents.ts';
import './legal-screens.css';

const ALL_DOCUMENTS = [
  TERMS_CONDITIONS,
  PRIVACY_POLICY,
  SUBSCRIPTION_AGREEMENT,
  LICENSING_AGREEMENT,
  DELEGATE_ACCESS,
];

function sectionId(document: LegalDocument, index: number): string {
  return `${document.slug}-section-${index + 1}`;
}

function LegalDocumentScreen({ document }: { document: LegalDocument }) {
  return (
    <div className="legal">
      <title>{`${document.title} · MedHire`}</title>
      <article className="legal__article" aria-labelledby="legal-title">
        <header className="legal__header">
          <p className="legal__eyebrow">Legal</p>
          <h1 id="legal-title" className="legal__title">
            {document.title}
          </h1>
          <p className="legal__summary">{document.summary}</p>
          <p className="legal__date">Effective {document.effectiveDate}</p>
        </header>
        <nav className="legal__toc" aria-label="On this page">
          <p className="legal__toc-title">On this page</p>
          <ol>
            {document.sections.map((section, index) => (
              <li key={section.heading}>
                <a href={`#${sectionId(document, index)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section, index) => (
          <section key={section.heading} id={sectionId(document, index)} className="legal__section">
            <h2>
              <span className="legal__number" aria-hidden="true">
                {index + 1}.
              </span>{' '}
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.points && (
              <ul>
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
      <aside className="legal__related" aria-label="Other legal documents">
        <p className="legal__toc-title">Other documents</p>
        <ul>
          {ALL_DOCUMENTS.filter((other) => other.slug !== document.slug).map((other) => (
            <li key={other.slug}>
              <Link to={`/${other.slug}`}>{other.title}</Link>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

export const TermsConditionsScreen = () => <LegalDocumentScreen document={TERMS_CONDITIONS} />;
export const DelegateAccessScreen = () => <LegalDocumentScreen document={DELEGATE_ACCESS} />;
export const PrivacyPolicyScreen = () => <LegalDocumentScreen document={PRIVACY_POLICY} />;
export const LicensingAgreementScreen = () => <LegalDocumentScreen document={LICENSING_AGREEMENT} />;
export const SubscriptionAgreementScreen = () => <LegalDocumentScreen document={SUBSCRIPTION_AGREEMENT} />;
