import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import './organization-screens.css';

/** The organisation profile's parts (spec §3, organisation update payload). */
const PROFILE_PARTS = [
  { title: 'Identity', text: 'Logo, organisation name, practice manager, e-mail and phone number.' },
  { title: 'Locations', text: 'Each location where your physicians practise, and how many there are.' },
  {
    title: 'Practice',
    text: 'Practice type, number of physicians and non-physician providers, and about us.',
  },
  {
    title: 'Media and links',
    text: 'Photos and videos of your facilities, your website and social profiles.',
  },
] as const;

function ProfileParts() {
  return (
    <Card
      title="Your organisation profile"
      description="This is what physicians see when they look at your jobs."
    >
      <ul className="profile-parts">
        {PROFILE_PARTS.map((part) => (
          <li key={part.title}>
            <h3>{part.title}</h3>
            <p>{part.text}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function EstablishProfileScreen() {
  const isSignedIn = useAppSelector((state) => state.auth.session !== null);
  return (
    <div className="organization-screen">
      <title>Establish your profile · MedHire</title>
      <PageHeader
        eyebrow="Step 1 · Profile"
        title="Establish your organisation profile"
        description="Tell physicians who you are and where you practise."
      />
      <ProfileParts />
      {!isSignedIn && (
        <p className="organization-screen__note">
          Already set up? <Link to="/signIn">Sign in</Link> to continue where you left off.
        </p>
      )}
    </div>
  );
}

export function ClaimBusinessProfileScreen() {
  return (
    <div className="organization-screen">
      <title>Claim your organisation · MedHire</title>
      <PageHeader
        eyebrow="Profile"
        title="Claim your organisation"
        description="If your practice is already listed on MedHire from public records, confirm it with its NPI number to take over its profile."
      />
      <ProfileParts />
    </div>
  );
}

export function EditProfileScreen() {
  return (
    <div className="organization-screen">
      <title>Organisation profile · MedHire</title>
      <PageHeader
        title="Organisation profile"
        description="Keep your details current; changes show on all your job postings."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile/would-you-rather">
            Candidate preferences
          </Link>
        }
      />
      <ProfileParts />
    </div>
  );
}
