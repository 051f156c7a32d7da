import type { ReactNode } from 'react';
import { NotGiven, ReviewSections } from '../../../components/ui/review-sections.tsx';
import type { ProfileFormValues } from '../profile-form-values.ts';

function show(value: string | number | undefined): ReactNode {
  if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))) {
    return <NotGiven />;
  }
  return value;
}

/**
 * The whole profile at a glance: before it is saved, each part with a way back to edit it; for a
 * member who cannot edit it (no `onEdit`), read-only.
 */
export function ProfileReview({
  values,
  practiceTypeTitle,
  onEdit,
}: {
  values: ProfileFormValues;
  practiceTypeTitle: string | undefined;
  onEdit?: (stepIndex: number) => void;
}) {
  const links = Object.entries(values.socialLinks).filter(([, url]) => url.trim() !== '');
  const sections: { title: string; step: number; rows: [string, ReactNode][] }[] = [
    {
      title: 'Organization',
      step: 0,
      rows: [
        [
          'Logo',
          values.logo ? (
            <img key="logo" className="profile-review__logo" src={values.logo} alt="Organization logo" />
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
    <ReviewSections
      labelWidth="13rem"
      sections={sections.map((section) => ({
        key: section.title,
        title: section.title,
        rows: section.rows.map(([label, value]) => ({ label, value })),
        onEdit: onEdit ? () => onEdit(section.step) : undefined,
      }))}
    />
  );
}

function linkLabel(name: string): string {
  return (
    { websiteUrl: 'Website', facebook: 'Facebook', twitter: 'X (Twitter)', instagram: 'Instagram' }[name] ??
    name
  );
}
