import type { TMemberRef, TTeamMember } from '@medhire/contract/team';
import { ROLE_LABELS } from '@medhire/contract/team-roles';
import { Select } from '@medhire/ui/field.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { useCan } from '../../../app/use-can.ts';
import { errorMessage } from '../../../lib/http.ts';
import { teamApi } from '../api/team-api.ts';

/** The value of the assignee filter that means the signed-in member (the API's `me`). */
export const ASSIGNED_TO_ME = 'me';

/**
 * The organisation's members, for the assignee filter and the assign controls; empty while
 * loading, and when the team cannot be read (the lists then simply offer no filter).
 */
export function useTeamMembers(): TTeamMember[] {
  const canRead = useCan('team.read');
  const [members, setMembers] = useState<TTeamMember[]>([]);
  useEffect(() => {
    if (!canRead) return;
    const controller = new AbortController();
    teamApi
      .getTeam(controller.signal)
      .then((team) => setMembers(team.members))
      .catch(() => setMembers([]));
    return () => controller.abort();
  }, [canRead]);
  return members;
}

export function memberLabel(member: Pick<TTeamMember, 'fullName' | 'email' | 'memberRole'>): string {
  return `${member.fullName ?? member.email} (${ROLE_LABELS[member.memberRole].toLowerCase()})`;
}

/** "Owner: Maria Delgado", or nothing when nobody in particular looks after it. */
export function AssigneeNote({
  assignee,
  prefix = 'Assigned to',
  className,
}: {
  assignee: TMemberRef | null | undefined;
  prefix?: string;
  className?: string;
}) {
  if (!assignee) return null;
  return (
    <span className={className}>
      {prefix} {assignee.fullName}
    </span>
  );
}

/** The lists' filter: everyone, the signed-in member (`me`), or one member. */
export function AssigneeFilter({
  members,
  value,
  onChange,
  label = 'Assignee',
}: {
  members: TTeamMember[];
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const userId = useAppSelector((state) => state.auth.user?._id);
  if (members.length < 2) return null;
  const options = [
    { value: ASSIGNED_TO_ME, label: 'Me' },
    ...members
      .filter((member) => member._id !== userId)
      .map((member) => ({ value: member._id, label: memberLabel(member) })),
  ];
  return (
    <Select
      label={label}
      placeholder="Everyone"
      value={value}
      options={options}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * Chooses the member who looks after a job or an application, for roles with `jobs.assign`;
 * others see who it is. `assign` calls the API and answers the updated record.
 */
export function AssignControl({
  label,
  assignee,
  members,
  assign,
  onAssigned,
}: {
  label: string;
  assignee: TMemberRef | null;
  members: TTeamMember[];
  assign: (assigneeId: string | null) => Promise<unknown>;
  onAssigned?: () => void;
}) {
  const canAssign = useCan('jobs.assign');
  const [isSaving, setIsSaving] = useState(false);
  if (!canAssign || members.length === 0) {
    return assignee ? <p className="assignee-note">Assigned to {assignee.fullName}</p> : null;
  }
  // The current assignee stays selectable even if the list does not hold them (a removed member).
  const options = members.map((member) => ({ value: member._id, label: memberLabel(member) }));
  if (assignee && !options.some((option) => option.value === assignee._id)) {
    options.unshift({ value: assignee._id, label: assignee.fullName });
  }
  return (
    <Select
      label={label}
      placeholder="Nobody in particular"
      value={assignee?._id ?? ''}
      options={options}
      disabled={isSaving}
      aria-busy={isSaving || undefined}
      onChange={async (event) => {
        const next = event.target.value || null;
        setIsSaving(true);
        try {
          await assign(next);
          const chosen = members.find((member) => member._id === next);
          notifySuccess(
            chosen ? `Assigned to ${chosen.fullName ?? chosen.email}.` : 'Nobody in particular now.',
          );
          onAssigned?.();
        } catch (error) {
          notifyError(errorMessage(error));
        } finally {
          setIsSaving(false);
        }
      }}
    />
  );
}
