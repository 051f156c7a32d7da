import type { TApplicant, TApplicantMatch } from '@medhire/contract/applicants';
import type { TInviteOrigin, TMatch } from '@medhire/contract/matches';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { errorMessage } from '../../../lib/http.ts';
import { InviteToJobModal } from '../../matches/components/invite-to-job-modal.tsx';
import { applicantsApi } from '../api/applicants-api.ts';
import { applicantUpdated, savedApplicantRemoved } from '../applicants-slice.ts';

export interface ApplicantActions {
  /** Applicants whose save or unsave is on its way, so their buttons can wait. */
  savingIds: ReadonlySet<string>;
  /** Saves an unsaved applicant, unsaves a saved one. */
  toggleSave: (applicant: TApplicant) => Promise<void>;
  /** Opens the invite dialog for the applicant. */
  invite: (applicant: TApplicant) => void;
  /** The invite dialog, to render once on the page. */
  inviteModal: ReactNode;
}

/** A created match as an applicant carries it. */
export function toApplicantMatch(match: TMatch): TApplicantMatch {
  return {
    _id: match._id,
    jobId: match.job._id,
    jobTitle: match.job.title,
    status: match.status,
    createdAt: match.createdAt,
    conversationId: match.conversationId,
  };
}

/**
 * Save/unsave and invite for applicant cards and the profile, applied to the store by the
 * spec's rules (§4): an answer carrying the applicant replaces it wherever it is listed;
 * unsaving filters it out of the saved list by _id.
 */
export function useApplicantActions({
  onChanged,
  onInvited,
  origin,
}: {
  /** Called with the applicant as it now stands, for lists kept outside the store (e.g. /explore). */
  onChanged?: (applicant: TApplicant) => void;
  onInvited?: (match: TMatch, applicant: TApplicant) => void;
  /** Where the page's invites are sent from, recorded with each (explore). */
  origin?: TInviteOrigin;
} = {}): ApplicantActions {
  const dispatch = useAppDispatch();
  const [savingIds, setSavingIds] = useState<ReadonlySet<string>>(new Set());
  const [inviting, setInviting] = useState<TApplicant | null>(null);

  const markSaving = (applicantId: string, isSaving: boolean) =>
    setSavingIds((current) => {
      const next = new Set(current);
      if (isSaving) next.add(applicantId);
      else next.delete(applicantId);
      return next;
    });

  const toggleSave = async (applicant: TApplicant) => {
    markSaving(applicant._id, true);
    try {
      if (applicant.isSaved) {
        const { _id } = await applicantsApi.unsaveApplicant(applicant._id);
        const unsaved = { ...applicant, isSaved: false };
        dispatch(applicantUpdated(unsaved));
        dispatch(savedApplicantRemoved(_id));
        onChanged?.(unsaved);
        notifySuccess(`${applicant.fullName} is no longer saved.`);
      } else {
        const saved = await applicantsApi.saveApplicant(applicant._id);
        dispatch(applicantUpdated(saved));
        onChanged?.(saved);
        notifySuccess(`${applicant.fullName} is saved.`);
      }
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      markSaving(applicant._id, false);
    }
  };

  const onMatchCreated = (match: TMatch) => {
    if (!inviting) return;
    const updated = { ...inviting, matches: [toApplicantMatch(match), ...inviting.matches] };
    dispatch(applicantUpdated(updated));
    onChanged?.(updated);
    onInvited?.(match, updated);
  };

  const inviteModal = (
    <InviteToJobModal
      applicant={inviting}
      onClose={() => setInviting(null)}
      onInvited={onMatchCreated}
      origin={origin}
    />
  );

  return { savingIds, toggleSave, invite: setInviting, inviteModal };
}
