import type { TVisibilityOrganization } from '@medhire/contract/physician-visibility';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Checkbox, TextField } from '@medhire/ui/field.tsx';
import { ArrowLeftIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { selectPhysician } from '../../lib/session-slice.ts';
import {
  useGetHiddenOrganizationsQuery,
  useSearchOrganizationsQuery,
  useSetDiscoverableMutation,
  useSetOrganizationHiddenMutation,
} from './visibility-api.ts';
import './visibility.css';

function OpenToOpportunities() {
  const physician = useAppSelector(selectPhysician);
  const [setDiscoverable, { isLoading, error }] = useSetDiscoverableMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const isDiscoverable = physician?.isDiscoverable ?? false;

  const onChange = async (next: boolean) => {
    setSaved(null);
    const result = await setDiscoverable(next);
    if ('data' in result && result.data) {
      setSaved(
        result.data.isDiscoverable
          ? 'You are open to opportunities: employers can find you.'
          : 'Employers no longer find you; those you apply to still see your profile.',
      );
    }
  };

  return (
    <Card title="Open to opportunities">
      <Checkbox
        role="switch"
        label="Open to opportunities"
        hint="When this is on, employers looking for physicians like you find your profile and may invite you to their jobs. When it is off, only the employers you apply to see your profile."
        checked={isDiscoverable}
        disabled={isLoading}
        onChange={(event) => void onChange(event.target.checked)}
      />
      {error && <Alert variant="danger">{error.message}</Alert>}
      {saved && (
        <p role="status" className="visibility__saved">
          {saved}
        </p>
      )}
    </Card>
  );
}

function OrganizationName({ organization }: { organization: TVisibilityOrganization }) {
  return (
    <span className="visibility__org">
      {organization.logo ? (
        <img src={organization.logo} alt="" width={32} height={32} />
      ) : (
        <span className="visibility__org-placeholder" aria-hidden="true">
          {organization.name.charAt(0)}
        </span>
      )}
      <span>
        <span className="visibility__org-name">{organization.name}</span>
        {organization.place && <span className="visibility__org-place">{organization.place}</span>}
      </span>
    </span>
  );
}

function HideButton({ organization }: { organization: TVisibilityOrganization }) {
  const [setHidden, { isLoading, error }] = useSetOrganizationHiddenMutation();
  return (
    <>
      {organization.isHidden ? (
        <Button
          size="sm"
          variant="secondary"
          isLoading={isLoading}
          aria-label={`Remove ${organization.name} from the hidden list`}
          onClick={() => void setHidden({ organizationId: organization._id, isHidden: false })}
        >
          Remove
        </Button>
      ) : (
        <Button
          size="sm"
          isLoading={isLoading}
          aria-label={`Hide from ${organization.name}`}
          onClick={() => void setHidden({ organizationId: organization._id, isHidden: true })}
        >
          Hide
        </Button>
      )}
      {error && <Alert variant="danger">{error.message}</Alert>}
    </>
  );
}

function OrganizationSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const isShort = query.length < 2;
  const { data, error, isFetching } = useSearchOrganizationsQuery(query, { skip: isShort });

  return (
    <div className="visibility__search">
      <TextField
        label="Hide from an organization"
        hint="Type at least two letters of its name, e.g. your current employer."
        type="search"
        autoComplete="off"
        value={text}
        aria-controls={resultsId}
        onChange={(event) => setText(event.target.value)}
      />
      {!isShort && error && <Alert variant="danger">{error.message}</Alert>}
      <ul id={resultsId} className="visibility__list" aria-label="Organizations found" aria-busy={isFetching}>
        {!isShort &&
          (data?.organizations ?? []).map((organization) => (
            <li key={organization._id} className="visibility__row">
              <OrganizationName organization={organization} />
              <HideButton organization={organization} />
            </li>
          ))}
      </ul>
      {!isShort && data && data.organizations.length === 0 && (
        <p className="visibility__empty">No organization by that name.</p>
      )}
    </div>
  );
}

function HiddenOrganizations() {
  const { data, error, isLoading, refetch } = useGetHiddenOrganizationsQuery(1);
  return (
    <Card title="Hidden from">
      <p className="visibility__text">
        These organizations never see your profile, even when you are open to opportunities, and what you sent
        them before disappears from their lists.
      </p>
      {isLoading ? (
        <Spinner label="Loading the organizations you hide from" />
      ) : error ? (
        <Alert variant="danger" title="The list did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.organizations.length === 0 ? (
        <p className="visibility__empty">You hide from no organization.</p>
      ) : (
        <ul className="visibility__list" aria-label="Organizations you hide from">
          {data.organizations.map((organization) => (
            <li key={organization._id} className="visibility__row">
              <OrganizationName organization={organization} />
              <HideButton organization={organization} />
            </li>
          ))}
        </ul>
      )}
      <OrganizationSearch />
    </Card>
  );
}

export function VisibilityScreen() {
  return (
    <>
      <title>Who can see you · MedHire for physicians</title>
      <Link to="/profile" className="visibility__back">
        <ArrowLeftIcon size={18} aria-hidden="true" /> Profile
      </Link>
      <PageHeader
        title="Who can see you"
        description="Choose whether employers find you, and who never does."
      />
      <div className="visibility">
        <OpenToOpportunities />
        <HiddenOrganizations />
      </div>
    </>
  );
}
