import { zodResolver } from '@hookform/resolvers/zod';
import type { TTeamData, TTeamInvitation, TTeamMember } from '@medhire/contract/team';
import { ZInviteMemberBody } from '@medhire/contract/team';
import { INVITABLE_ROLES, ROLE_LABELS, type TInvitableRole } from '@medhire/contract/team-roles';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, Select } from '@medhire/ui/field.tsx';
import { Meter } from '@medhire/ui/meter.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { describeError, errorMessage, http } from '../../../lib/http.ts';
import { syncUser } from '../../auth/auth-slice.ts';
import { teamApi } from '../api/team-api.ts';
import './team-screen.css';
import { countOf } from '../../../lib/plural.ts';

type TInviteForm = z.input<typeof ZInviteMemberBody>;

interface JobOption {
  _id: string;
  title: string;
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function lastActive(member: TTeamMember): string {
  return member.lastActiveAt ? `Last active ${formatWhen(member.lastActiveAt)}` : 'Never signed in';
}

const nameOf = (member: TTeamMember) => member.fullName ?? member.email;

/** The organisation's jobs, for choosing what a delegate works on. */
function useJobOptions(userId: string | undefined): JobOption[] {
  const [jobs, setJobs] = useState<JobOption[]>([]);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    http
      .get<{ jobs: JobOption[] }>(`/employer/job/get-all-jobs/${encodeURIComponent(userId)}`, {
        query: { pageSize: 100, pageNumber: 1 },
        signal: controller.signal,
      })
      .then((list) => setJobs(list.jobs))
      .catch(() => setJobs([]));
    return () => controller.abort();
  }, [userId]);
  return jobs;
}

function InviteForm({
  jobs,
  canInviteAdmins,
  onInvited,
}: {
  jobs: JobOption[];
  canInviteAdmins: boolean;
  onInvited: (team: TTeamData) => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TInviteForm>({
    resolver: zodResolver(ZInviteMemberBody),
    defaultValues: { email: '', role: 'recruiter', jobIds: [] },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const role = watch('role');
  const roles = INVITABLE_ROLES.filter((candidate) => canInviteAdmins || candidate !== 'admin');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = ZInviteMemberBody.parse({
        ...values,
        jobIds: values.role === 'delegate' ? values.jobIds : [],
      });
      const team = await teamApi.invite(body);
      notifySuccess(`An invitation is on its way to ${body.email}.`);
      reset({ email: '', role: values.role, jobIds: [] });
      onInvited(team);
    } catch (error) {
      setFailure(describeError(error));
    }
  });

  return (
    <form className="team-invite" onSubmit={onSubmit} noValidate aria-label="Invite a team member">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <EmailField label="E-mail" autoComplete="off" error={errors.email?.message} {...register('email')} />
      <Select
        label="Role"
        options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        error={errors.role?.message}
        {...register('role')}
      />
      {role === 'delegate' && (
        <fieldset className="team-invite__jobs">
          <legend>Jobs the delegate works on</legend>
          {jobs.length === 0 && <p>Post a job first: a delegate works only on the jobs given to them.</p>}
          {jobs.map((job) => (
            <label key={job._id} className="team-invite__job">
              <input type="checkbox" value={job._id} {...register('jobIds')} /> {job.title}
            </label>
          ))}
          {errors.jobIds?.message && (
            <p className="field__error" role="alert">
              {errors.jobIds.message}
            </p>
          )}
        </fieldset>
      )}
      <Button type="submit" isLoading={isSubmitting}>
        Send invitation
      </Button>
    </form>
  );
}

type PendingAction =
  | { kind: 'remove'; member: TTeamMember }
  | { kind: 'role'; member: TTeamMember; role: TInvitableRole }
  | { kind: 'transfer'; member: TTeamMember }
  | { kind: 'reset'; member: TTeamMember }
  | { kind: 'policy'; isTwoStepRequired: boolean }
  | { kind: 'revoke'; invitation: TTeamInvitation };

const CONFIRMATIONS: Record<
  PendingAction['kind'],
  { title: string; confirm: string; variant: 'danger' | 'primary' }
> = {
  remove: { title: 'Remove this member?', confirm: 'Remove', variant: 'danger' },
  role: { title: 'Change the role?', confirm: 'Change role', variant: 'primary' },
  transfer: { title: 'Transfer ownership?', confirm: 'Transfer ownership', variant: 'danger' },
  reset: { title: 'Reset two-step sign-in?', confirm: 'Reset two-step sign-in', variant: 'danger' },
  policy: { title: 'Change the two-step sign-in rule?', confirm: 'Confirm', variant: 'primary' },
  revoke: { title: 'Cancel this invitation?', confirm: 'Cancel invitation', variant: 'danger' },
};

function describePending(pending: PendingAction): string {
  if (pending.kind === 'revoke') {
    return `The link sent to ${pending.invitation.email} stops working and its seat is freed. You can invite them again later.`;
  }
  if (pending.kind === 'policy') {
    return pending.isTwoStepRequired
      ? 'Every member will need an authenticator app. Members without one are taken to set it up at their next sign-in and can do nothing else until they do.'
      : 'Members will be able to sign in with their password alone, unless they keep their own authenticator app on.';
  }
  const name = nameOf(pending.member);
  switch (pending.kind) {
    case 'remove':
      return `${name} will be signed out at once and lose access. Their past work keeps their name.`;
    case 'role':
      return `${name} becomes ${ROLE_LABELS[pending.role].toLowerCase()}.`;
    case 'transfer':
      return `${name} becomes the owner of this account, with billing and the team. You become an admin; only the new owner can give ownership back.`;
    case 'reset':
      return `${name}'s authenticator app and recovery codes are removed and they are signed out everywhere. We e-mail them. Do this only when you are sure it is them asking, for example after they lost their phone.`;
  }
}

/** Settings → Team: members, invitations, seats, and (for owners and admins) their management. */
export function TeamScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const canManage = user?.rights.includes('team.manage') ?? false;
  const isOwner = user?.memberRole === 'owner';
  const [team, setTeam] = useState<TTeamData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const jobs = useJobOptions(canManage ? user?._id : undefined);

  const load = useCallback((signal?: AbortSignal) => {
    setLoadError(null);
    teamApi
      .getTeam(signal)
      .then(setTeam)
      .catch((error) => {
        if (!signal?.aborted) setLoadError(describeError(error));
      });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const run = async (action: () => Promise<TTeamData>, success: string) => {
    setIsWorking(true);
    try {
      setTeam(await action());
      notifySuccess(success);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsWorking(false);
      setPending(null);
    }
  };

  if (loadError) {
    return (
      <Alert variant="danger" title="The team could not be loaded">
        {loadError}{' '}
        <Button variant="secondary" size="sm" onClick={() => load()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!team) return <Spinner label="Loading your team" />;

  const isFull = team.seats.used >= team.seats.limit;
  const seatsText = `${team.seats.used} of ${countOf(team.seats.limit, 'seat')} used${team.seats.planName ? ` on ${team.seats.planName}` : ''}`;
  const confirmation = pending ? CONFIRMATIONS[pending.kind] : null;
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'revoke') {
      void run(() => teamApi.revoke(pending.invitation._id), 'The invitation is canceled.');
      return;
    }
    if (pending.kind === 'policy') {
      void run(
        () => teamApi.updateTwoStepPolicy(pending.isTwoStepRequired),
        pending.isTwoStepRequired
          ? 'Two-step sign-in is now required. Members without it set it up at their next sign-in.'
          : 'Two-step sign-in is no longer required for your team.',
      );
      return;
    }
    const { member } = pending;
    if (pending.kind === 'remove') {
      void run(() => teamApi.remove(member._id), 'The member is removed from your team.');
    } else if (pending.kind === 'reset') {
      void run(
        () => teamApi.resetMemberFactors(member._id),
        `${nameOf(member)}'s two-step sign-in is reset. They are signed out.`,
      );
    } else if (pending.kind === 'transfer') {
      void run(
        async () => {
          const next = await teamApi.transferOwnership(member._id);
          // The session's role and rights change with the ownership: read them again.
          if (user) void dispatch(syncUser(user._id));
          return next;
        },
        `${nameOf(member)} now owns the account. You are an admin.`,
      );
    } else {
      void run(() => teamApi.changeRole(member._id, { role: pending.role }), 'The role is changed.');
    }
  };
  return (
    <div className="team-screen">
      <Card className="team-seats" title="Seats" aria-label="Seats">
        <Meter
          label="Seats used"
          value={team.seats.used}
          max={team.seats.limit}
          valueText={seatsText}
          dangerWhen="full"
        />
        <p className="team-seats__text">
          <strong>{team.seats.used}</strong> of {countOf(team.seats.limit, 'seat')} used
          {team.seats.planName ? ` on ${team.seats.planName}` : ''}. Pending invitations hold a seat until
          they are answered or expire.
        </p>
        {isFull && (
          <p className="team-seats__full">
            Every seat is taken.{' '}
            {team.seats.nextPlan && isOwner && (
              <Link className="team-seats__upgrade" to="/update-subscriptions">
                Upgrade to {team.seats.nextPlan.planName} for {countOf(team.seats.nextPlan.seats, 'seat')}
              </Link>
            )}
            {team.seats.nextPlan &&
              !isOwner &&
              `Ask the owner to upgrade to ${team.seats.nextPlan.planName}.`}
          </p>
        )}
      </Card>

      <TwoStepPolicyCard
        isTwoStepRequired={team.isTwoStepRequired}
        isOwner={isOwner}
        hasOwnFactor={team.members.some((member) => member._id === user?._id && member.isTwoStepOn)}
        isWorking={isWorking}
        onChange={(isTwoStepRequired) => setPending({ kind: 'policy', isTwoStepRequired })}
      />

      <Card title="Members" aria-label="Members">
        <ul className="team-list">
          {team.members.map((member) => {
            const isSelf = member._id === user?._id;
            const canChange =
              canManage &&
              !isSelf &&
              member.memberRole !== 'owner' &&
              (isOwner || member.memberRole !== 'admin');
            // Ownership goes to an admin or a recruiter; a delegate is an outsider.
            const canReceiveOwnership = canChange && isOwner && member.memberRole !== 'delegate';
            // A delegate needs jobs, which the invitation gives: nobody becomes one by a role change.
            // The owner's factors only by an owner; one's own under Settings → Security.
            const canReset =
              canManage && !isSelf && member.isTwoStepOn && (member.memberRole !== 'owner' || isOwner);
            const roleOptions = INVITABLE_ROLES.filter(
              (role) =>
                (isOwner || role !== 'admin') && (role !== 'delegate' || member.memberRole === 'delegate'),
            ).map((value) => ({ value, label: ROLE_LABELS[value] }));
            return (
              <li key={member._id} className="team-list__item">
                <div>
                  <strong>{nameOf(member)}</strong>
                  {isSelf && ' (you)'}
                  <div className="team-list__meta">
                    {/* Without a name the e-mail is already the heading: not twice. */}
                    {member.fullName && `${member.email} · `}
                    {ROLE_LABELS[member.memberRole]} · {lastActive(member)}
                  </div>
                  <Badge variant={member.isTwoStepOn ? 'success' : 'neutral'} className="team-list__two-step">
                    {member.isTwoStepOn ? 'Two-step on' : 'Two-step off'}
                  </Badge>
                </div>
                {(canChange || canReset) && (
                  <div className="team-list__actions">
                    {canChange && (
                      <Select
                        label={`Role of ${nameOf(member)}`}
                        value={member.memberRole}
                        options={roleOptions}
                        onChange={(event) =>
                          setPending({ kind: 'role', member, role: event.target.value as TInvitableRole })
                        }
                      />
                    )}
                    {canReceiveOwnership && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setPending({ kind: 'transfer', member })}
                      >
                        Make owner<span className="visually-hidden"> {nameOf(member)}</span>
                      </Button>
                    )}
                    {canReset && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setPending({ kind: 'reset', member })}
                      >
                        Reset two-step<span className="visually-hidden"> of {nameOf(member)}</span>
                      </Button>
                    )}
                    {canChange && (
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => setPending({ kind: 'remove', member })}
                      >
                        Remove<span className="visually-hidden"> {nameOf(member)}</span>
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </Card>

      <Card title="Pending invitations" aria-label="Pending invitations">
        {team.invitations.length === 0 ? (
          <p className="team-list__empty">No invitation is waiting for an answer.</p>
        ) : (
          <ul className="team-list">
            {team.invitations.map((invitation) => (
              <li key={invitation._id} className="team-list__item">
                <div>
                  <strong>{invitation.email}</strong>
                  <div className="team-list__meta">
                    {ROLE_LABELS[invitation.role]} ·{' '}
                    {invitation.isExpired ? 'Expired' : `Expires ${formatWhen(invitation.expiresAt)}`}
                  </div>
                </div>
                {canManage && (
                  <div className="team-list__actions">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={isWorking}
                      onClick={() =>
                        run(() => teamApi.resend(invitation._id), 'The invitation is sent again.')
                      }
                    >
                      Resend<span className="visually-hidden"> to {invitation.email}</span>
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={isWorking}
                      onClick={() => setPending({ kind: 'revoke', invitation })}
                    >
                      Cancel<span className="visually-hidden"> the invitation of {invitation.email}</span>
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {canManage && (
        <Card title="Invite a colleague" aria-label="Invite a colleague">
          {isFull ? (
            <p>
              Every seat is taken: remove a member, cancel an invitation or upgrade the plan to invite
              someone.
            </p>
          ) : (
            <InviteForm jobs={jobs} canInviteAdmins={isOwner} onInvited={setTeam} />
          )}
        </Card>
      )}

      <Modal
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        title={confirmation?.title ?? ''}
        description={pending ? describePending(pending) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Keep as is
            </Button>
            <Button variant={confirmation?.variant ?? 'primary'} isLoading={isWorking} onClick={confirm}>
              {confirmation?.confirm}
            </Button>
          </>
        }
      />
    </div>
  );
}

/**
 * The organisation's rule for signing in: everyone sees it; the owner switches it, and only with
 * an authenticator app of their own (the server checks it too, with a fresh second step).
 */
function TwoStepPolicyCard({
  isTwoStepRequired,
  isOwner,
  hasOwnFactor,
  isWorking,
  onChange,
}: {
  isTwoStepRequired: boolean;
  isOwner: boolean;
  hasOwnFactor: boolean;
  isWorking: boolean;
  onChange: (isTwoStepRequired: boolean) => void;
}) {
  const canTurnOn = hasOwnFactor || isTwoStepRequired;
  return (
    <Card title="Two-step sign-in" aria-label="Two-step sign-in">
      <p className="team-policy__text">
        {isTwoStepRequired
          ? 'Required: every member signs in with a code from an authenticator app after their password.'
          : 'Not required: each member chooses whether to use an authenticator app.'}
      </p>
      {isOwner ? (
        <>
          <label className="team-policy__switch">
            <input
              type="checkbox"
              role="switch"
              checked={isTwoStepRequired}
              aria-checked={isTwoStepRequired}
              disabled={isWorking || !canTurnOn}
              aria-describedby={canTurnOn ? undefined : 'team-policy-needs-factor'}
              onChange={(event) => onChange(event.target.checked)}
            />{' '}
            Require two-step sign-in for every member
          </label>
          {!canTurnOn && (
            <p id="team-policy-needs-factor" className="team-policy__note">
              Turn on an authenticator app for your own account first, under{' '}
              <Link to="/settings/security">Security</Link>.
            </p>
          )}
        </>
      ) : (
        <p className="team-policy__note">Only the account owner can change this.</p>
      )}
    </Card>
  );
}
