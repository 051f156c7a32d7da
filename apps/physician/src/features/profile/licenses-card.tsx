import { type TLicense, type TLicenseBody, ZLicenseBody } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { US_STATE_OPTIONS } from '@medhire/ui/us-states.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAddLicenseMutation, useDeleteLicenseMutation, useUpdateLicenseMutation } from './profile-api.ts';

/** Where the completeness list sends a physician who has no license yet. */
export const NEW_LICENSE_FIELD_ID = 'profile-new-license-state';

const resolver = contractResolver(ZLicenseBody);

function formatDay(isoDay: string): string {
  // A license's expiry is a calendar day, not an instant: read it at noon UTC so no time zone moves it.
  return new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function LicenseForm({ license, onDone }: { license?: TLicense; onDone?: () => void }) {
  const [addLicense, addState] = useAddLicenseMutation();
  const [updateLicense, updateState] = useUpdateLicenseMutation();
  const defaultValues = {
    state: license?.state ?? '',
    number: license?.number ?? '',
    expiresOn: license?.expiresOn ?? '',
  };
  const form = useForm<TLicenseBody, unknown, TLicenseBody>({ resolver, defaultValues });
  const { errors } = form.formState;
  const state = license ? updateState : addState;
  const prefix = license ? `license-${license._id}` : 'profile-new-license';

  const onSubmit = form.handleSubmit(async (body) => {
    const result = license ? await updateLicense({ licenseId: license._id, body }) : await addLicense(body);
    if ('data' in result && result.data) {
      form.reset(license ? body : { state: '', number: '', expiresOn: '' });
      onDone?.();
    }
  });

  return (
    <form
      className="license-form"
      aria-label={license ? `Edit the ${license.state} license` : 'Add a license'}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="license-form__fields">
        <Select
          id={`${prefix}-state`}
          label="State"
          placeholder="Choose a state"
          options={US_STATE_OPTIONS}
          defaultValue={defaultValues.state}
          error={errors.state?.message}
          {...form.register('state')}
        />
        <TextField
          id={`${prefix}-number`}
          label="License number"
          autoComplete="off"
          error={errors.number?.message}
          {...form.register('number')}
        />
        <TextField
          id={`${prefix}-expires`}
          label="Expires on"
          type="date"
          error={errors.expiresOn?.message}
          {...form.register('expiresOn')}
        />
      </div>
      {state.error && <Alert variant="danger">{state.error.message}</Alert>}
      <div className="license-form__actions">
        <Button type="submit" size="sm" isLoading={state.isLoading}>
          {license ? 'Save license' : 'Add license'}
        </Button>
        {license && (
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function LicenseItem({ license }: { license: TLicense }) {
  const [isEditing, setIsEditing] = useState(false);
  const [deleteLicense, deleteState] = useDeleteLicenseMutation();
  if (isEditing) {
    return (
      <li className="license-list__item">
        <LicenseForm license={license} onDone={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li className={`license-list__item${license.isExpired ? ' license-list__item--expired' : ''}`}>
      <div className="license-list__text">
        <span className="license-list__title">
          {license.state} · {license.number}
        </span>
        <span className="license-list__meta">
          {license.isExpired ? 'Expired' : 'Expires'} {formatDay(license.expiresOn)}
        </span>
        {license.isExpired && <Badge variant="danger">Expired</Badge>}
      </div>
      <div className="license-list__actions">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Edit the ${license.state} license`}
          onClick={() => setIsEditing(true)}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          isLoading={deleteState.isLoading}
          aria-label={`Remove the ${license.state} license`}
          onClick={() => void deleteLicense(license._id)}
        >
          Remove
        </Button>
      </div>
      {deleteState.error && <Alert variant="danger">{deleteState.error.message}</Alert>}
    </li>
  );
}

export function LicensesCard({ licenses }: { licenses: readonly TLicense[] }) {
  return (
    <Card title="State medical licenses" aria-label="State medical licenses">
      {licenses.length === 0 ? (
        <p className="license-list__empty">No license listed yet.</p>
      ) : (
        <ul className="license-list" aria-label="Your licenses">
          {licenses.map((license) => (
            <LicenseItem key={license._id} license={license} />
          ))}
        </ul>
      )}
      <h3 className="license-form__heading">Add a license</h3>
      <LicenseForm />
    </Card>
  );
}
