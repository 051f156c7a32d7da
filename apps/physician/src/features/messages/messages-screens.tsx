import type { TMessage } from '@medhire/contract/conversations';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ArrowLeftIcon, MessageIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useGetConversationsQuery } from './conversations-api.ts';
import { messageDiscarded, type OutboxItem, selectOutbox } from './outbox-slice.ts';
import { deliver, sendMessage } from './send-message.ts';
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
  const { data, error, isLoading, refetch } = useGetConversationsQuery();
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

export function ThreadScreen() {
  const { conversationId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetConversationsQuery();
  const outbox = useAppSelector(selectOutbox);
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const conversation = data?.conversations.find((item) => item._id === conversationId);
  const lines = conversation ? threadLines(conversation.messages, outbox, conversationId) : [];

  const lineCount = lines.length;
  // A new line (sent, received or queued) scrolls the thread to it.
  useEffect(() => {
    if (lineCount > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lineCount]);

  if (isLoading) return <Spinner label="Loading the conversation" />;
  if (error && !conversation) {
    return (
      <Alert variant="danger" title="The conversation did not load">
        <p>{error.message}</p>
        <Button size="sm" variant="secondary" onClick={() => void refetch()}>
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
