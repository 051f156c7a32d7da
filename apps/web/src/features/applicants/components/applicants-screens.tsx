import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ArrowLeftIcon, CompassIcon, SparkIcon, UserIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';

export function ApplicantsScreen() {
  const all = useAppSelector((state) => state.applicants.applicants.applicants);
  const recommended = useAppSelector((state) => state.applicants.recommendedApplicants.applicants);
  const saved = useAppSelector((state) => state.applicants.savedApplicants);

  return (
    <>
      <title>Applicants · MedHire</title>
      <PageHeader
        title="Applicants"
        description="Physicians who applied to your jobs, those MedHire recommends for them, and the ones you saved."
      />
      <Tabs
        label="Applicant lists"
        tabs={[
          {
            id: 'all',
            label: 'All applicants',
            badge: all.length || undefined,
            content: (
              <EmptyState
                headingLevel={2}
                icon={<UsersIcon size={26} />}
                title="No applicants yet"
                description="Physicians who apply to any of your jobs are listed here, newest first."
                action={
                  <Link className={buttonClasses()} to="/create-job">
                    Post a job
                  </Link>
                }
              />
            ),
          },
          {
            id: 'recommended',
            label: 'Recommended',
            badge: recommended.length || undefined,
            content: (
              <EmptyState
                headingLevel={2}
                icon={<SparkIcon size={26} />}
                title="No recommendations yet"
                description="Recommendations are ranked against your candidate preferences and jobs: specialty, board status, experience, start year and distance."
                action={
                  <Link
                    className={buttonClasses({ variant: 'secondary' })}
                    to="/edit-profile/would-you-rather"
                  >
                    Review candidate preferences
                  </Link>
                }
              />
            ),
          },
          {
            id: 'saved',
            label: 'Saved',
            badge: saved.length || undefined,
            content: (
              <EmptyState
                headingLevel={2}
                icon={<UserIcon size={26} />}
                title="Nothing saved"
                description="Save a physician from their profile to keep them on this shortlist."
                action={
                  <Link className={buttonClasses({ variant: 'secondary' })} to="/explore">
                    <CompassIcon size={18} />
                    Explore physicians
                  </Link>
                }
              />
            ),
          },
        ]}
      />
    </>
  );
}

export function ApplicantScreen() {
  return (
    <>
      <title>Applicant · MedHire</title>
      <PageHeader
        eyebrow="Applicants"
        title="Applicant profile"
        description="A physician's specialty, board status, experience, availability and the jobs they are matched with."
        actions={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/applicants">
            <ArrowLeftIcon size={18} />
            All applicants
          </Link>
        }
      />
      <EmptyState
        icon={<UserIcon size={26} />}
        title="This profile is not available"
        description="The physician may have withdrawn their application or closed their MedHire account."
      />
    </>
  );
}
