import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import './preferences.css';

/** The candidate-preference fields of spec §3, explained for the employer. */
const PREFERENCE_TOPICS = [
  { title: 'Specialty and sub-specialty', text: 'The clinical areas the physician should practise in.' },
  { title: 'Board certification', text: 'Board certified, board eligible, or either.' },
  { title: 'Experience', text: 'The minimum years in practice after training.' },
  { title: 'Start year', text: 'When the physician should be available to start.' },
  { title: 'Home state', text: 'States where candidates with local ties live.' },
] as const;

function PreferenceTopics() {
  return (
    <Card title="What you will tell us" description="These answers rank the physicians recommended to you.">
      <dl className="preference-topics">
        {PREFERENCE_TOPICS.map((topic) => (
          <div key={topic.title}>
            <dt>{topic.title}</dt>
            <dd>{topic.text}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function WouldYouRatherScreen() {
  return (
    <>
      <title>Would you rather · MedHire</title>
      <PageHeader
        eyebrow="Candidate preferences"
        title="Would you rather…"
        description="A few quick either-or questions about the physician you want to hire. There are no wrong answers, and you can change them later."
      />
      <PreferenceTopics />
    </>
  );
}

export function EditPreferencesScreen() {
  return (
    <>
      <title>Candidate preferences · MedHire</title>
      <PageHeader
        eyebrow="Profile"
        title="Candidate preferences"
        description="Change your would-you-rather answers and preferences. Recommendations update with them."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/edit-profile">
            <ArrowLeftIcon size={18} />
            Organisation profile
          </Link>
        }
      />
      <PreferenceTopics />
    </>
  );
}
