import type { TSavedView } from '@medhire/contract/saved-views';
import { Button } from '@medhire/ui/button.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { TextField } from '@medhire/ui/field.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useCan } from '../../../app/use-can.ts';
import { errorMessage } from '../../../lib/http.ts';
import { countOf } from '../../../lib/plural.ts';
import { savedViewsApi } from '../api/saved-views-api.ts';
import { fetchSavedViews, savedViewRemoved, savedViewStored } from '../saved-views-slice.ts';
import { viewLink } from '../view-params.ts';
import './saved-views.css';

/** Paths whose visit may change the counts (the list, a board): the views load again there. */
const COUNT_PATHS = /^\/(applicants|jobs-resident)/;

/**
 * The member's saved views under Applicants in the side navigation, each with how many
 * applicants match it now; a view opens the list with its filters (or its job's board).
 * "Manage views" renames and deletes them.
 */
export function SavedViewsNav() {
  const dispatch = useAppDispatch();
  const canUseApplicants = useCan('applicants');
  const { views, status } = useAppSelector((state) => state.savedViews);
  const { pathname, search } = useLocation();
  const [isManaging, setIsManaging] = useState(false);
  const isCountPath = COUNT_PATHS.test(pathname);

  // Counts follow the list: load on start, and again on each visit of the list or a board (not on
  // each change of a filter there, which would count every view again per keystroke of a search).
  // biome-ignore lint/correctness/useExhaustiveDependencies: arriving on another page is the trigger.
  useEffect(() => {
    if (!canUseApplicants) return;
    if (status === 'idle' || isCountPath) void dispatch(fetchSavedViews());
  }, [dispatch, canUseApplicants, pathname]);

  if (!canUseApplicants || views.length === 0) return null;
  const here = `${pathname}${search}`;
  return (
    <div className="saved-views-nav">
      <ul aria-label="Saved views">
        {views.map((view) => {
          const to = viewLink(view);
          const isCurrent = to === here;
          return (
            <li key={view._id}>
              <Link
                to={to}
                className={cx('saved-views-nav__link', isCurrent && 'saved-views-nav__link--active')}
                aria-current={isCurrent ? 'page' : undefined}
              >
                {/* Read as "Texas interviews, 7 applicants, shared"; seen as the name and its count. */}
                <span className="saved-views-nav__name">{view.name}</span>
                <span className="saved-views-nav__count" aria-hidden="true">
                  {view.count}
                </span>
                <span className="visually-hidden">
                  {`, ${countOf(view.count, 'applicant')}${view.scope === 'organization' ? ', shared' : ''}`}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <button type="button" className="saved-views-nav__manage" onClick={() => setIsManaging(true)}>
        Manage views
      </button>
      <ManageViewsDialog views={views} isOpen={isManaging} onClose={() => setIsManaging(false)} />
    </div>
  );
}

/** Rename or delete views: one's own personal views, and shared ones with views.manage. */
function ManageViewsDialog({
  views,
  isOpen,
  onClose,
}: {
  views: readonly TSavedView[];
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Manage saved views"
      description="Rename or delete your views. Views shared with the organization are managed by owners and admins."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <ul className="manage-views">
        {views.map((view) => (
          <ManagedView key={view._id} view={view} />
        ))}
      </ul>
    </Modal>
  );
}

function ManagedView({ view }: { view: TSavedView }) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const scopeLabel = view.scope === 'organization' ? 'Shared with the organization' : 'Only you';

  if (!view.canEdit) {
    return (
      <li className="manage-views__row">
        <span className="manage-views__name">{view.name}</span>
        <span className="manage-views__meta">{scopeLabel} · managed by owners and admins</span>
      </li>
    );
  }

  const rename = async () => {
    setIsBusy(true);
    setError(undefined);
    try {
      const updated = await savedViewsApi.updateView(view._id, { name });
      dispatch(savedViewStored(updated));
      notifySuccess(`The view is renamed “${updated.name}”.`);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setIsBusy(false);
    }
  };

  const remove = async () => {
    setIsBusy(true);
    try {
      await savedViewsApi.deleteView(view._id);
      dispatch(savedViewRemoved(view._id));
      notifySuccess(`“${view.name}” is deleted.`);
    } catch (cause) {
      notifyError(errorMessage(cause));
      setIsBusy(false);
    }
  };

  return (
    <li className="manage-views__row">
      <form
        className="manage-views__rename"
        onSubmit={(event) => {
          event.preventDefault();
          void rename();
        }}
      >
        <TextField
          label={`Name of “${view.name}”`}
          hint={scopeLabel}
          value={name}
          error={error}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={isBusy || name.trim() === view.name}>
          Rename
        </Button>
      </form>
      {isConfirmingDelete ? (
        <fieldset className="manage-views__confirm">
          <legend>Delete “{view.name}”?</legend>
          <Button variant="danger" size="sm" disabled={isBusy} onClick={() => void remove()}>
            Delete
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setIsConfirmingDelete(false)}>
            Keep
          </Button>
        </fieldset>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete “${view.name}”`}
          onClick={() => setIsConfirmingDelete(true)}
        >
          Delete
        </Button>
      )}
    </li>
  );
}
