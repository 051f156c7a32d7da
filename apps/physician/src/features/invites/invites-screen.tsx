import type { TPhysicianMatch, TPhysicianMatchList, TRespondToMatchBody } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { SparkIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import './invites.css';

const invitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvites: build.query<TPhysicianMatchList, void>({
      query: () => ({ path: '/employee/match/get-all-matches', query: { pageNumber: 1, pageSize: 50 } }),
      providesTags: ['Invites'],
    }),
    respondToInvite: build.mutation<TPhysicianMatch, { matchId: string } & TRespondToMatchBody>({
      query: ({ matchId, status }) => ({
        path: `/employee/match/respond/${encodeURIComponent(matchId)}`,
        method: 'PATCH',
        body: { status },
      }),
      // Accepting opens a conversation with the employer.
      invalidatesTags: ['Invites', 'Conversations'],
    }),
  }),
});

export const { useGetInvitesQuery, useRespondToInviteMutation } = invitesApi;

const STATUS_LABELS: Partial<
  Record<TPhysicianMatch['status'], { label: string; variant: 'success' | 'neutral' }>
> = {
  accepted: { label: 'Accepted', variant: 'success' },
  declined: { label: 'Declined', variant: 'neutral' },
  cancelled: { label: 'Withdrawn by the employer', variant: 'neutral' },
};

function InviteCard({ invite }: { invite: TPhysicianMatch }) {
  const navigate = useNavigate();
  const [respond, { isLoading, error, originalArgs }] = useRespondToInviteMutation();
  const isPending = invite.status === 'pending';
  const badge = STATUS_LABELS[invite.status];

  const answer = async (status: TRespondToMatchBody['status']) => {
    const result = await respond({ matchId: invite._id, status });
    if (status === 'accepted' && 'data' in result && result.data?.conversationId) {
      navigate(`/messages/${result.data.conversationId}`);
    }
  };

  return (
    <li className={`${cardClasses()} invite-card`} aria-labelledby={`invite-${invite._id}`}>
      <h2 id={`invite-${invite._id}`} className="invite-card__title">
        <Link to={`/jobs/${invite.job._id}`}>{invite.job.title}</Link>
      </h2>
      <p className="invite-card__org">{invite.organization.name} invites you to talk about this position.</p>
      {invite.message && <blockquote className="invite-card__message">{invite.message}</blockquote>}
      {badge && <Badge variant={badge.variant}>{badge.label}</Badge>}
      {error && <Alert variant="danger">{error.message}</Alert>}
      {isPending && (
        <div className="invite-card__actions">
          <Button
            onClick={() => void answer('accepted')}
            isLoading={isLoading && originalArgs?.status === 'accepted'}
            disabled={isLoading}
          >
            Accept and message
          </Button>
          <Button
            variant="secondary"
            onClick={() => void answer('declined')}
            isLoading={isLoading && originalArgs?.status === 'declined'}
            disabled={isLoading}
          >
            Decline
          </Button>
        </div>
      )}
      {invite.status === 'accepted' && invite.conversationId && (
        <Link to={`/messages/${invite.conversationId}`}>Open the conversation</Link>
      )}
    </li>
  );
}

export function InvitesScreen() {
  const { data, error, isLoading, refetch } = useGetInvitesQuery();
  const pending = data?.matches.filter((invite) => invite.status === 'pending') ?? [];
  const answered = data?.matches.filter((invite) => invite.status !== 'pending') ?? [];

  return (
    <>
      <title>Invites · MedHire for physicians</title>
      <PageHeader title="Invites" description="Employers who would like to talk with you about a job." />
      {isLoading ? (
        <Spinner label="Loading your invites" />
      ) : error ? (
        <Alert variant="danger" title="Your invites did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.matches.length === 0 ? (
        <EmptyState
          icon={<SparkIcon size={28} />}
          title="No invites yet"
          description="A complete profile that employers can find brings invites."
        />
      ) : (
        <>
          <section aria-labelledby="pending-invites">
            <h2 id="pending-invites" className="invites__heading">
              Waiting for your answer ({pending.length})
            </h2>
            {pending.length === 0 ? (
              <p className="invites__none">Nothing waiting.</p>
            ) : (
              <ul className="invites__list">
                {pending.map((invite) => (
                  <InviteCard key={invite._id} invite={invite} />
                ))}
              </ul>
            )}
          </section>
          {answered.length > 0 && (
            <section aria-labelledby="answered-invites">
              <h2 id="answered-invites" className="invites__heading">
                Answered
              </h2>
              <ul className="invites__list">
                {answered.map((invite) => (
                  <InviteCard key={invite._id} invite={invite} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}
