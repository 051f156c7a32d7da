import type { TMessage } from '@medhire/contract/conversations';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ArrowLeftIcon, MessageIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { errorMessage } from '../../lib/http.ts';
import {
  useGetConversationPageQuery,
  useGetConversationsQuery,
  useMarkConversationReadMutation,
} from './conversations-api.ts';
import { messageDiscarded, type OutboxItem, selectOutbox } from './outbox-slice.ts';
import { deliver, sendMessage } from './send-message.ts';
import { loadEarlierMessages } from './thread-paging.ts';
import './messages.css';

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function ConversationsScreen() {
  const [searchParams] = useSearchParams();
  const linkedConversation = searchParams.get('conversationId');
  const { data, error, isLoading, refetch } = useGetConversationsQuery(undefined, {
    skip: Boolean(linkedConversation),
  });
  // A notification's link names the conversation: open it.
  if (linkedConversation)
    return <Navigate to={`/messages/${encodeURIComponent(linkedConversation)}`} replace />;
  return (
    <>
      <title>Messages · MedHire for physicians</title>
      <PageHeader title="Messages" />
      {isLoading ? (
        <Spinner label="Loading your conversations" />
      ) : error ? (
        <Alert variant="danger" title="Your conversations did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.conversations.length === 0 ? (
        <EmptyState
          icon={<MessageIcon size={28} />}
          title="No conversations yet"
          description="When you accept an invite, your conversation with the employer appears here."
        />
      ) : (
        <ul className="conversation-list">
          {data.conversations.map((conversation) => (
            <li key={conversation._id}>
              <Link
                to={`/messages/${conversation._id}`}
                className={`${cardClasses({ padding: 'sm' })} conversation-row`}
              >
                <span className="conversation-row__name">{conversation.organization.name}</span>
                {conversation.job && <span className="conversation-row__job">{conversation.job.title}</span>}
                <span className="conversation-row__last">
                  {conversation.lastMessage?.isDeleted
                    ? 'Message deleted'
                    : (conversation.lastMessage?.body ?? 'No messages yet')}
                </span>
                {conversation.physicianCount > 0 && (
                  <Badge variant="primary">{`${conversation.physicianCount} unread`}</Badge>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A line of the thread: a stored message, or one of ours still in the outbox. */
type ThreadLine =
  | { kind: 'message'; key: string; message: TMessage }
  | { kind: 'outbox'; key: string; item: OutboxItem };

/**
 * The thread: the server's messages, then ours not confirmed yet. One of ours drops out of the
 * outbox the moment the server's copy (same tempMsgId) is known, so it never shows twice.
 */
export function threadLines(
  messages: readonly TMessage[],
  outbox: readonly OutboxItem[],
  conversationId: string,
): ThreadLine[] {
  const stored = new Set(messages.map((message) => message.tempMsgId).filter(Boolean));
  return [
    ...messages.map((message): ThreadLine => ({ kind: 'message', key: message._id, message })),
    ...outbox
      .filter((item) => item.conversationId === conversationId && !stored.has(item.tempMsgId))
      .map((item): ThreadLine => ({ kind: 'outbox', key: item.tempMsgId, item })),
  ];
}

const OUTBOX_STATUS_TEXT: Record<OutboxItem['status'], string> = {
  pending: 'Waiting for the network',
  sending: 'Sending…',
  failed: 'Not sent',
};

/**
 * Loads older pages when the reader reaches the top (or presses the button), keeping what they
 * were reading where it was: the page grows above it by exactly what was added.
 */
function useEarlierMessages(conversationId: string, canLoad: boolean, firstLineKey: string | undefined) {
  const dispatch = useAppDispatch();
  const [isLoading, setIsLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heightBefore = useRef<number | null>(null);

  const load = useCallback(async () => {
    if (isLoading || !canLoad) return;
    setIsLoading(true);
    setFailure(null);
    heightBefore.current = document.documentElement.scrollHeight;
    try {
      const hasLoaded = await dispatch(loadEarlierMessages(conversationId));
      if (!hasLoaded) heightBefore.current = null;
    } catch (error) {
      heightBefore.current = null;
      setFailure(errorMessage(error));
    } finally {
      setIsLoading(false);
    }
  }, [dispatch, conversationId, canLoad, isLoading]);

  useLayoutEffect(() => {
    if (heightBefore.current === null || firstLineKey === undefined) return;
    const grown = document.documentElement.scrollHeight - heightBefore.current;
    heightBefore.current = null;
    if (grown > 0) window.scrollBy(0, grown);
  }, [firstLineKey]);

  return { load, isLoading, failure };
}

/** The first line of the thread coming into view (scrolled to the top) asks for the page before it. */
function useOnReachingTop(onReach: () => void, isArmed: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onReachRef = useRef(onReach);
  onReachRef.current = onReach;
  useEffect(() => {
    const element = sentinel.current;
    if (!isArmed || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isArmed]);
  return sentinel;
}

export function ThreadScreen() {
  const { conversationId = '' } = useParams();
  const dispatch = useAppDispatch();
  const page = useGetConversationPageQuery(conversationId);
  // Offline with nothing cached for the page: the conversation list's latest messages stand in.
  const list = useGetConversationsQuery(undefined, { skip: !page.isError });
  const [markRead] = useMarkConversationReadMutation();
  const outbox = useAppSelector(selectOutbox);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const fromList = list.data?.conversations.find((item) => item._id === conversationId);
  const conversation = page.data
    ? { ...page.data.conversation, messages: page.data.messages, hasMore: page.data.hasMore }
    : fromList
      ? { ...fromList, hasMore: false }
      : undefined;
  const lines = conversation ? threadLines(conversation.messages, outbox, conversationId) : [];
  const firstLineKey = lines[0]?.key;
  const lastLineKey = lines.at(-1)?.key;
  const earlier = useEarlierMessages(conversationId, Boolean(page.data?.hasMore), firstLineKey);
  const [hasSettled, setHasSettled] = useState(false);
  const topSentinel = useOnReachingTop(() => void earlier.load(), hasSettled && Boolean(page.data?.hasMore));

  // A new last line (sent, received or queued) scrolls the thread to it; older pages above do not.
  useEffect(() => {
    if (lastLineKey === undefined) return;
    endRef.current?.scrollIntoView?.({ block: 'end' });
    setHasSettled(true);
  }, [lastLineKey]);

  // Opening the thread read it on the server; an employer message arriving while it is open is read too.
  const lastMessage = page.data?.messages.at(-1);
  const lastReadSeq = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!lastMessage?.seq) return;
    const previous = lastReadSeq.current;
    lastReadSeq.current = lastMessage.seq;
    if (previous !== undefined && lastMessage.seq > previous && lastMessage.sender === 'employer') {
      void markRead(conversationId);
    }
  }, [conversationId, lastMessage, markRead]);

  const isLoading = page.isLoading || (page.isError && list.isLoading);
  const error = page.error && list.error ? page.error : undefined;
  const refetch = () => {
    void page.refetch();
    if (page.isError) void list.refetch();
  };

  if (isLoading) return <Spinner label="Loading the conversation" />;
  if (error && !conversation) {
    return (
      <Alert variant="danger" title="The conversation did not load">
        <p>{error.message}</p>
        <Button size="sm" variant="secondary" onClick={refetch}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!conversation) {
    return (
      <EmptyState
        headingLevel={1}
        title="We could not find that conversation"
        action={<Link to="/messages">All messages</Link>}
      />
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    void dispatch(sendMessage(conversationId, body));
  };

  return (
    <section className="thread" aria-labelledby="thread-title">
      <title>{`${conversation.organization.name} · Messages · MedHire`}</title>
      <header className="thread__header">
        <Link to="/messages" className="thread__back" aria-label="All messages">
          <ArrowLeftIcon size={20} aria-hidden="true" />
        </Link>
        <div>
          <h1 id="thread-title" className="thread__title">
            {conversation.organization.name}
          </h1>
          {conversation.job && (
            <Link to={`/jobs/${conversation.job._id}`} className="thread__job">
              {conversation.job.title}
            </Link>
          )}
        </div>
      </header>
      <div ref={topSentinel} aria-hidden="true" />
      {conversation.hasMore && (
        <div className="thread__earlier">
          <Button
            size="sm"
            variant="secondary"
            isLoading={earlier.isLoading}
            onClick={() => void earlier.load()}
          >
            Load earlier messages
          </Button>
          {earlier.failure && <Alert variant="danger">{earlier.failure}</Alert>}
        </div>
      )}
      <ol className="thread__messages" aria-label="Messages" aria-live="polite">
        {lines.length === 0 && <li className="thread__empty">No messages yet. Say hello.</li>}
        {lines.map((line) =>
          line.kind === 'message' ? (
            <li
              key={line.key}
              className={`thread__bubble thread__bubble--${line.message.sender === 'employee' ? 'mine' : 'theirs'}`}
            >
              <p>{line.message.isDeleted ? <em>Message deleted</em> : line.message.body}</p>
              <span className="thread__time">{formatTime(line.message.sentTime)}</span>
            </li>
          ) : (
            <li
              key={line.key}
              className={`thread__bubble thread__bubble--mine thread__bubble--${line.item.status}`}
              data-status={line.item.status}
            >
              <p>{line.item.body}</p>
              <span className="thread__time">
                {OUTBOX_STATUS_TEXT[line.item.status]}
                {line.item.error && `: ${line.item.error}`}
              </span>
              {line.item.status === 'failed' && (
                <span className="thread__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void dispatch(deliver(line.item.tempMsgId))}
                  >
                    Retry
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => dispatch(messageDiscarded(line.item.tempMsgId))}
                  >
                    Discard
                  </Button>
                </span>
              )}
            </li>
          ),
        )}
      </ol>
      <div ref={endRef} />
      <form className="thread__composer" onSubmit={onSubmit}>
        <label htmlFor="message-draft" className="visually-hidden">
          Message
        </label>
        <textarea
          id="message-draft"
          className="thread__input"
          rows={2}
          value={draft}
          placeholder="Write a message"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <Button type="submit" disabled={!draft.trim()}>
          Send
        </Button>
      </form>
    </section>
  );
}
