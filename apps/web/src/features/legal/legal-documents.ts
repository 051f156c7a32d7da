export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  points?: readonly string[];
}

export interface LegalDocument {
  slug: string;
  title: string;
  summary: string;
  effectiveDate: string;
  sections: readonly LegalSection[];
}

const EFFECTIVE_DATE = 'November 1, 2026';

export const TERMS_CONDITIONS: LegalDocument = {
  slug: 'terms-conditions',
  title: 'Terms & Conditions',
  summary:
    'The rules for using MedHire as an employer: who may hold an account, how job postings and candidate information may be used, and what each side is responsible for.',
  effectiveDate: EFFECTIVE_DATE,
  sections: [
    {
      heading: 'About these terms',
      paragraphs: [
        'MedHire is an online recruiting service that connects medical practices, groups and health organizations in the United States with physicians looking for new positions. These terms form an agreement between MedHire and the organization on whose behalf you create or use an account ("you", "your organization").',
        'By creating an account, signing in or using MedHire you accept these terms, the Privacy Policy and, for paid features, the Subscription Agreement. If you do not accept them, do not use the service.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Accounts are for legitimate employers of physicians in the United States and the people they authorize. You confirm that you may act for the organization you register, and that the information you give us about it is accurate and kept current.',
      ],
      points: [
        'Keep your password to yourself and tell us at once if you suspect someone else has used your account.',
        'You are responsible for everything done through your account, including by delegates you authorize.',
        'We may suspend an account that appears to be compromised, misrepresents an organization or breaks these terms.',
      ],
    },
    {
      heading: 'Job postings and fair hiring',
      paragraphs: [
        'Every posting must describe a real, open position with your organization, with compensation and conditions stated honestly. You remain the employer: the hiring decision and the employment relationship are yours alone.',
        'You must comply with federal, state and local employment laws, including Title VII of the Civil Rights Act, the Americans with Disabilities Act and the Age Discrimination in Employment Act. Postings and searches may not express a preference based on race, color, religion, sex, sexual orientation, gender identity, national origin, age, disability, genetic information or any other protected characteristic.',
      ],
    },
    {
      heading: 'Candidate information',
      paragraphs: [
        'Physician profiles, applications and messages are shared with you only to recruit for your organization. You may not sell them, pass them to third parties, add them to unrelated marketing lists or keep them longer than your recruiting purpose requires.',
        'MedHire does not perform credentialing or primary-source verification. Before an offer becomes final you must verify licensure, board certification, DEA registration, malpractice history and any other qualification your organization and payers require.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: ['To keep MedHire trustworthy for physicians and employers alike, you agree not to:'],
      points: [
        'contact physicians through MedHire for anything other than a genuine position with your organization;',
        'copy, scrape or bulk-export profiles, or access the service with automated tools we have not approved;',
        'upload malware, interfere with the service or try to reach data that belongs to another account;',
        'include patient information or other protected health information in postings, profiles or messages.',
      ],
    },
    {
      heading: 'Disclaimers and liability',
      paragraphs: [
        'We work to keep MedHire available and accurate, but the service is provided "as is". We do not guarantee that any physician will apply, accept an invite or accept an offer, or that information supplied by physicians is complete or correct.',
        'To the extent the law allows, MedHire is not liable for indirect, incidental or consequential losses, and our total liability for any claim is limited to the fees your organization paid us in the twelve months before the claim arose.',
      ],
    },
    {
      heading: 'Ending the agreement',
      paragraphs: [
        'You may close your account at any time from your profile settings. We may end or suspend access for a material breach of these terms. Sections that by their nature should survive, such as the limits on using candidate information and on liability, continue after the account is closed.',
        'We may update these terms. We will tell account owners about material changes by e-mail or in the app at least 30 days before they take effect; continuing to use MedHire after that date means you accept them.',
      ],
    },
  ],
};

export const DELEGATE_ACCESS: LegalDocument = {
  slug: 'delegate-access',
  title: 'Delegate Access',
  summary:
    'How an organization can let other people, such as a practice manager or an in-house recruiter, work in its MedHire account, and what both sides agree to when it does.',
  effectiveDate: EFFECTIVE_DATE,
  sections: [
    {
      heading: 'What a delegate is',
      paragraphs: [
        "A delegate is a person the account owner authorizes to use the organization's MedHire account on its behalf. Typical delegates are practice managers, physician recruiters and office administrators employed by or contracted to the organization.",
      ],
    },
    {
      heading: 'What a delegate can do',
      paragraphs: ['Within the account they are given, a delegate can:'],
      points: [
        'create, edit and close job postings;',
        'review applicants and recommended physicians, and move them through the hiring pipeline;',
        "send match invites, which use invites from the organization's plan;",
        "exchange messages with physicians in the organization's name.",
      ],
    },
    {
      heading: "The account owner's responsibilities",
      paragraphs: [
        'The organization is responsible for everything its delegates do in MedHire, exactly as if the account owner had done it. Grant access only to people who need it for recruiting, and remove it promptly when their role changes or they leave.',
      ],
    },
    {
      heading: "The delegate's obligations",
      paragraphs: [
        'A delegate acts only for the organization that authorized them and only for its recruiting. Candidate information seen in MedHire is confidential: it may not be used for another employer, a staffing business or any personal purpose.',
        'Delegates must never enter patient information or other protected health information into MedHire. Sign out when you finish on a shared computer; signing out removes the delegate setting and any notification registration from that browser.',
      ],
    },
    {
      heading: 'Ending delegate access',
      paragraphs: [
        "The account owner can end a delegate's access at any time, which takes effect at the delegate's next request. If you believe someone is acting as a delegate without authority, contact MedHire support from your account and we will suspend the access while we investigate.",
      ],
    },
  ],
};

export const PRIVACY_POLICY: LegalDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  summary:
    'What information MedHire collects from employers, why, who it is shared with, how it is protected, and the choices you have. It also explains how we keep health information out of a recruiting service.',
  effectiveDate: EFFECTIVE_DATE,
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: ['We collect only what we need to run a recruiting service for your organization:'],
      points: [
        'Account details: your name, work e-mail address, password (stored only as a salted hash) and role.',
        'Organization profile: name, locations, practice type, team size, logo, photos and links you choose to publish.',
        'Recruiting activity: job postings, candidate preferences, match invites, pipeline decisions and messages with physicians.',
        'Billing records: your plan and payment status. Card numbers are handled by our payment provider and never stored by MedHire.',
        'Technical data: sign-in times, device and browser type, IP address and, if you allow notifications, a push token for this browser.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'We use this information to operate MedHire: to show your postings to suitable physicians, rank recommended candidates against your preferences, deliver messages and notifications, bill your subscription, keep the service secure and meet our legal obligations. We do not sell personal information and we do not use your recruiting data to advertise to you on other websites.',
      ],
    },
    {
      heading: 'Health information and HIPAA',
      paragraphs: [
        'MedHire is a recruiting service, not a system for patient care. It is not designed to receive protected health information (PHI) as defined by the Health Insurance Portability and Accountability Act (HIPAA), and you agree not to enter patient names, records, identifiers or any other PHI into postings, profiles, files or messages.',
        'Because MedHire does not handle PHI on your behalf, it does not act as your business associate and does not sign business associate agreements for the standard service. If PHI is shared by mistake, tell us and we will delete it from the service and from our backups as they cycle.',
        'Even so, we protect the information we do hold with safeguards modeled on the HIPAA Security Rule:',
      ],
      points: [
        'encryption in transit (TLS) for every connection, and encryption at rest for our databases and stored files;',
        'access limited to staff who need it for their role, with multi-factor authentication and logged access;',
        'audit trails of sign-ins and account changes, and regular review of security events;',
        'written incident-response procedures, including prompt notice to affected customers of any breach of their data.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'Physicians see your organization profile and postings, and the messages you send them. Service providers that host the platform, deliver e-mail and notifications, or process payments receive only what they need, under contracts that require them to protect it. We disclose information to authorities only when the law requires it, and we tell you first where we are allowed to.',
      ],
    },
    {
      heading: 'Retention and your choices',
      paragraphs: [
        'We keep account and recruiting data while your account is open. When you close it we delete or anonymize your data within 90 days, except records we must keep for tax, accounting or legal reasons.',
        'You can review and correct your information in the app at any time, and ask us for a copy or for deletion. Residents of California and other states with consumer privacy laws have the rights those laws give them, and we will not treat you differently for using them.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we change how we handle personal information in a material way, we will tell account owners by e-mail or in the app before the change takes effect.',
      ],
    },
  ],
};

export const LICENSING_AGREEMENT: LegalDocument = {
  slug: 'licensing-agreement',
  title: 'Licensing Agreement',
  summary:
    'The license your organization receives to use the MedHire software, the license you give us to publish your content, and the terms of the reference data shipped with the product.',
  effectiveDate: EFFECTIVE_DATE,
  sections: [
    {
      heading: 'Your license to use MedHire',
      paragraphs: [
        'While your account is in good standing, MedHire grants your organization a limited, non-exclusive, non-transferable and revocable license to use the MedHire web application for recruiting physicians to your own organization.',
      ],
    },
    {
      heading: 'Restrictions',
      paragraphs: ['The license does not allow you to:'],
      points: [
        'resell, sublicense or offer MedHire to other organizations, including as a staffing or recruiting agency;',
        'copy, modify or reverse engineer the software, except where the law expressly permits it;',
        'access the service through automated means other than those we publish and approve;',
        'remove or obscure any copyright, trademark or attribution notice.',
      ],
    },
    {
      heading: 'Content you provide',
      paragraphs: [
        'You keep ownership of your logo, photos, job postings and other content. You grant MedHire a worldwide, royalty-free license to host, reproduce and display that content within the service, and to show it to physicians, for as long as it remains in your account. You confirm that you have the rights needed to grant this license.',
      ],
    },
    {
      heading: 'Reference data',
      paragraphs: [
        'MedHire includes reference data such as US medical specialties and sub-specialties, US states and territories, and a gazetteer of US places used for location search. This data comes from public sources and open-data packages and is used under their respective licenses; attributions are shown where the data appears. It is provided for convenience and may not be extracted as a dataset.',
      ],
    },
    {
      heading: 'Ownership and termination',
      paragraphs: [
        'MedHire and its licensors own the software, design and trademarks; no rights are granted except those stated here. The license ends automatically when your account closes or your access is terminated under the Terms & Conditions.',
      ],
    },
  ],
};

export const SUBSCRIPTION_AGREEMENT: LegalDocument = {
  slug: 'subscription-agreement',
  title: 'Subscription Agreement',
  summary:
    'How paid plans work: what a plan includes, how and when you are billed, what happens if a payment fails, and how to change or cancel.',
  effectiveDate: EFFECTIVE_DATE,
  sections: [
    {
      heading: 'Plans and match invites',
      paragraphs: [
        'Each plan has a monthly price and includes a number of match invites for each billing period. An invite is used when a physician accepts your match request; requests that are declined or canceled do not use one. Unused invites do not carry over to the next period.',
      ],
    },
    {
      heading: 'Billing',
      paragraphs: [
        'Plans are billed monthly in advance, in US dollars, to the payment method on file, and renew automatically at the start of each period until canceled. Prices exclude applicable taxes, which are added to your invoice where required. Payments are processed by our payment provider; MedHire never stores full card numbers.',
      ],
    },
    {
      heading: 'Failed payments',
      paragraphs: [
        'If a renewal payment fails, your subscription becomes past due and we will retry the charge and notify you. While it is past due you can still sign in and read your messages, but sending new match invites is paused until the balance is paid. If a balance stays unpaid, the subscription is canceled.',
      ],
    },
    {
      heading: 'Changes and cancellation',
      paragraphs: [
        "You can change plan or cancel at any time from the subscription page. A cancellation takes effect at the end of the current billing period, and you keep your plan's features until then. Fees already paid are not refunded for partial periods, except where the law requires otherwise.",
        'If we change the price of your plan, we will tell you at least 30 days before the change applies to your next renewal, so you have time to switch or cancel.',
      ],
    },
  ],
};
