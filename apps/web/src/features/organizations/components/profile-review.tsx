import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { ProfileFormValues } from '../profile-form-values.ts';

function show(value: string | number | undefined): ReactNode {
  if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))) {
    return <span className="profile-review__missing">Not given</span>;
  }
  return value;
}

/** The whole profile at a glance before it is saved, each part with a way back to edit it. */
export function ProfileReview({
  values,
  practiceTypeTitle,
  onEdit,
}: {
  values: ProfileFormValues;
  practiceTypeTitle: string | undefined;
  onEdit: (stepIndex: number) => void;
}) {
  const links = Object.entries(values.socialLinks).filter(([, url]) => url.trim() !== '');
  const sections: { title: string; step: number; rows: [string, ReactNode][] }[] = [
    {
      title: 'Organisation',
      step: 0,
      rows: [
        [
          'Logo',
          values.logo ? (
            <img key="logo" className="profile-review__logo" src={values.logo} alt="Organisation logo" />
          ) : (
            show('')
          ),
        ],
        ['Name', show(values.organizationName)],
        ['Practice manager', show(values.practiceManagerName)],
        ['E-mail', show(values.email)],
        ['Phone', show(values.phoneNumber)],
      ],
    },
    {
      title: 'Locations',
      step: 1,
      rows: [
        [
          'Places',
          values.orgLocations.locations.length > 0
            ? values.orgLocations.locations.map((location) => location.description).join(' · ')
            : show(''),
        ],
        ['Number of locations', show(values.orgLocations.numberOfLocations)],
      ],
    },
    {
      title: 'Practice',
      step: 2,
      rows: [
        ['Practice type', show(practiceTypeTitle ?? values.features.practiceType)],
        ['Physicians', show(values.features.noOfPhysician)],
        ['Non-physician providers', show(values.features.nonPhysicianProvider)],
        ['About us', show(values.features.aboutUs)],
      ],
    },
    {
      title: 'Photos and videos',
      step: 3,
      rows: [['Files', values.media.length > 0 ? `${values.media.length} added` : show('')]],
    },
    {
      title: 'Links',
      step: 4,
      rows: links.length > 0 ? links.map(([name, url]) => [linkLabel(name), url]) : [['Links', show('')]],
    },
  ];

  return (
    <div className="profile-review">
      {sections.map((section) => (
        <section key={section.title} className="profile-review__section" aria-label={section.title}>
          <header className="profile-review__header">
            <h3>{section.title}</h3>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onEdit(section.step)}
              aria-label={`Edit ${section.title}`}
            >
              Edit
            </Button>
          </header>
          <dl>
            {section.rows.map(([label, value]) => (
              <div key={label} className="profile-review__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function linkLabel(name: string): string {
  return (
    { websiteUrl: 'Website', facebook: 'Facebook', twitter: 'X (Twitter)', instagram: 'Instagram' }[name] ??
    name
  );
}
