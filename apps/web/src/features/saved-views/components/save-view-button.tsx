import {
  type TSavedViewFiltersInput,
  type TSavedViewKind,
  type TSavedViewScope,
  ZSavedViewName,
} from '@medhire/contract/saved-views';
import { Button } from '@medhire/ui/button.tsx';
import { TextField } from '@medhire/ui/field.tsx';
import { PlusIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { type FormEvent, useId, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { useCan } from '../../../app/use-can.ts';
import { errorMessage } from '../../../lib/http.ts';
import { savedViewsApi } from '../api/saved-views-api.ts';
import { savedViewStored } from '../saved-views-slice.ts';
import './saved-views.css';

export interface SaveViewButtonProps {
  kind: TSavedViewKind;
  /** What the screen shows now: the list's filters and sort, or the board's job. */
  filters: TSavedViewFiltersInput;
}

/**
 * "Save view": names what the list (or board) shows now and keeps it, for the member alone or,
 * for owners and admins, for the whole organisation. The view then appears in the navigation.
 */
export function SaveViewButton({ kind, filters }: SaveViewButtonProps) {
  const dispatch = useAppDispatch();
  const canShare = useCan('views.manage');
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TSavedViewScope>('personal');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);
  const formId = useId();

  const open = () => {
    setName('');
    setScope('personal');
    setError(undefined);
    setIsOpen(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSavedViewName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Name the view.');
      return;
    }
    setIsSaving(true);
    setError(undefined);
    try {
      const view = await savedViewsApi.createView({ name: parsed.data, kind, scope, filters });
      dispatch(savedViewStored(view));
      notifySuccess(`“${view.name}” is saved: find it under Applicants in the navigation.`);
      setIsOpen(false);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={open}>
        <PlusIcon size={16} />
        Save view
      </Button>
      <Modal
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title="Save view"
        description={
          kind === 'board'
            ? 'Keep this job’s pipeline board one click away.'
            : 'Keep these filters and this sort one click away. The navigation shows how many applicants match.'
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={isSaving}>
              {isSaving ? 'Saving…' : 'Save view'}
            </Button>
          </>
        }
      >
        <form id={formId} className="save-view-form" onSubmit={onSubmit} noValidate>
          <TextField
            label="View name"
            value={name}
            maxLength={80}
            autoComplete="off"
            error={error}
            onChange={(event) => setName(event.target.value)}
          />
          <fieldset className="save-view-form__scopes">
            <legend>Who sees it</legend>
            <label className="save-view-form__scope">
              <input
                type="radio"
                name="scope"
                value="personal"
                checked={scope === 'personal'}
                onChange={() => setScope('personal')}
              />{' '}
              Only me
            </label>
            <label className="save-view-form__scope">
              <input
                type="radio"
                name="scope"
                value="organization"
                checked={scope === 'organization'}
                disabled={!canShare}
                onChange={() => setScope('organization')}
              />{' '}
              Everyone in my organization
            </label>
            {!canShare && (
              <p className="save-view-form__hint">Owners and admins can share views with the organization.</p>
            )}
          </fieldset>
        </form>
      </Modal>
    </>
  );
}
