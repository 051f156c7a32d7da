import { type TConversation, type TMessage, ZSendMessageBody } from '@medhire/contract/conversations';
import { Button } from '@medhire/ui/button.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { ArrowLeftIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { TemplatePicker } from '../../message-templates/components/template-picker.tsx';
import { conversationsApi } from '../api/conversations-api.ts';
import {
  conversationArchived,
  firstSeqOf,
  hasOlderMessages,
  MESSAGE_STATUS,
  messageDeleted,
  messageFailed,
  messageQueued,
  messageResent,
  messageSent,
  olderMessagesLoaded,
} from '../conversations-slice.ts';
import { formatFullTime, formatMessageTime } from '../format-message-time.ts';
import { ConversationAvatar, doctorName } from './conversation-list.tsx';
import { MessageText } from './message-text.tsx';

/** The contract's longest message; the counter appears when a message nears it. */
const MESSAGE_MAX_LENGTH = 5000;
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;
const countFormat = new Intl.NumberFormat('en-US');

function newTempMsgId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `temp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Sending, retrying and deleting the employer's messages in one conversation (spec §4). */
function useMessageActions(conversationId: string) {
  const dispatch = useAppDispatch();
  // The template each template send was made from, so a retry sends the template again (and the
  // server renders it again), not the preview the message shows while sending.
  const templateOf = useRef(new Map<string, string>());

  async function deliver(tempMsgId: string, body: string) {
    const templateId = templateOf.current.get(tempMsgId);
    try {
      const saved = await conversationsApi.sendMessage(conversationId, {
        body,
        tempMsgId,
        ...(templateId ? { templateId } : {}),
      });
      dispatch(messageSent({ conversationId, tempMsgId, message: saved }));
    } catch (error) {
      dispatch(messageFailed({ conversationId, tempMsgId }));
      notifyError(errorMessage(error));
    }
  }

  function queue(body: string, templateId?: string) {
    const tempMsgId = newTempMsgId();
    if (templateId) templateOf.current.set(tempMsgId, templateId);
    dispatch(
      messageQueued({
        conversationId,
        message: {
          _id: tempMsgId,
          tempMsgId,
          body,
          status: MESSAGE_STATUS.SENDING,
          sentTime: new Date().toISOString(),
          sender: 'employer',
          isDeleted: false,
          chatId: conversationId,
        },
      }),
    );
    return deliver(tempMsgId, body);
  }

  return {
    send(body: string) {
      return queue(body);
    },
    /**
     * Sends a message template: the preview shows while sending; the server stores its own
     * rendering and refuses it (the message fails, the reason is shown) if a variable is empty.
     */
    sendTemplate(templateId: string, previewText: string) {
      return queue(previewText, templateId);
    },
    /** A failed message goes again under the same temporary id, so the server never stores it twice. */
    retry(message: TMessage) {
      if (!message.tempMsgId) return Promise.resolve();
      dispatch(messageResent({ conversationId, tempMsgId: message.tempMsgId }));
      return deliver(message.tempMsgId, message.body);
    },
    async remove(message: TMessage): Promise<boolean> {
      try {
        await conversationsApi.deleteMessage(conversationId, message._id);
        dispatch(messageDeleted({ conversationId, messageId: message._id }));
        return true;
      } catch (error) {
        notifyError(errorMessage(error));
        return false;
      }
    },
  };
}

type MessageActions = ReturnType<typeof useMessageActions>;

/** How many older messages one scroll to the top brings. */
export const OLDER_PAGE_SIZE = 50;
/** How close to the top of the log (px) the older page starts loading. */
const LOAD_OLDER_WITHIN_PX = 120;

type OlderState = { status: 'idle' } | { status: 'loading' } | { status: 'failed'; message: string };

/**
 * Older messages when the reader scrolls to the top of the log (or presses "Show earlier
 * messages"): the page before the oldest on screen (`beforeSeq`). The messages already in view
 * stay where they are: the log's scroll position moves by the height the older page added.
 */
function useOlderMessages(conversation: TConversation, logRef: RefObject<HTMLDivElement | null>) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<OlderState>({ status: 'idle' });
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const isLoading = useRef(false);
  const conversationId = conversation._id;
  const firstSeq = firstSeqOf(conversation);
  const hasOlder = hasOlderMessages(conversation);

  const loadOlder = useCallback(async () => {
    if (isLoading.current || !hasOlder || firstSeq === undefined) return;
    isLoading.current = true;
    setState({ status: 'loading' });
    try {
      const page = await conversationsApi.getSingleConversation(conversationId, undefined, {
        beforeSeq: firstSeq,
        pageSize: OLDER_PAGE_SIZE,
      });
      const log = logRef.current;
      if (log) anchor.current = { height: log.scrollHeight, top: log.scrollTop };
      dispatch(olderMessagesLoaded({ conversationId, messages: page.messages }));
      setState({ status: 'idle' });
    } catch (error) {
      setState({ status: 'failed', message: describeError(error) });
    } finally {
      isLoading.current = false;
    }
  }, [dispatch, conversationId, firstSeq, hasOlder, logRef]);

  // Keep the messages that were in view where they were once the older page is drawn above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const log = logRef.current;
    const saved = anchor.current;
    if (!log || !saved) return;
    anchor.current = null;
    log.scrollTop = saved.top + (log.scrollHeight - saved.height);
  }, [firstSeq, logRef]);

  const onScroll = () => {
    const log = logRef.current;
    if (log && log.scrollTop <= LOAD_OLDER_WITHIN_PX && state.status === 'idle') void loadOlder();
  };

  return { state, hasOlder, loadOlder, onScroll };
}

function OlderMessages({ older }: { older: ReturnType<typeof useOlderMessages> }) {
  if (!older.hasOlder) return null;
  if (older.state.status === 'loading') {
    return (
      <p className="thread__older" role="status">
        Loading earlier messages…
      </p>
    );
  }
  return (
    <div className="thread__older">
      {older.state.status === 'failed' && (
        <p className="thread__older-error" role="alert">
          We could not load earlier messages. {older.state.message}
        </p>
      )}
      <Button variant="ghost" size="sm" onClick={() => void older.loadOlder()}>
        {older.state.status === 'failed' ? 'Try again' : 'Show earlier messages'}
      </Button>
    </div>
  );
}

function OwnStatus({ message, onRetry }: { message: TMessage; onRetry: () => void }) {
  if (message.status === MESSAGE_STATUS.SENDING) return <span className="bubble__status">Sending…</span>;
  if (message.status === MESSAGE_STATUS.FAILED) {
    return (
      <span className="bubble__status bubble__status--failed">
        Failed —{' '}
        <button type="button" className="bubble__action bubble__action--retry" onClick={onRetry}>
          Retry
        </button>
      </span>
    );
  }
  return <span className="bubble__status">Sent</span>;
}

function MessageBubble({
  message,
  onRetry,
  onDelete,
}: {
  message: TMessage;
  onRetry: () => void;
  onDelete: () => void;
}) {
  const isOwn = message.sender === 'employer';
  const canDelete = isOwn && !message.isDeleted && message.status === MESSAGE_STATUS.SENT;
  return (
    <li className={cx('bubble-row', isOwn && 'bubble-row--own')}>
      <div
        className={cx(
          'bubble',
          isOwn && 'bubble--own',
          message.isDeleted && 'bubble--deleted',
          message.status === MESSAGE_STATUS.FAILED && 'bubble--failed',
        )}
      >
        <span className="visually-hidden">
          {isOwn ? `${message.senderName ?? 'Your team'}: ` : 'Physician: '}
        </span>
        {message.isDeleted ? (
          <p className="bubble__body">This message was deleted.</p>
        ) : (
          <p className="bubble__body">
            <MessageText text={message.body} />
          </p>
        )}
      </div>
      <div className="bubble__meta">
        {isOwn && message.senderName && (
          <>
            <span className="bubble__author">{message.senderName}</span>
            <span aria-hidden="true">·</span>
          </>
        )}
        <time dateTime={message.sentTime} title={formatFullTime(message.sentTime)}>
          {formatMessageTime(message.sentTime)}
        </time>
        {isOwn && !message.isDeleted && (
          <>
            <span aria-hidden="true">·</span>
            <OwnStatus message={message} onRetry={onRetry} />
          </>
        )}
        {canDelete && (
          <>
            <span aria-hidden="true">·</span>
            <button type="button" className="bubble__action" onClick={onDelete}>
              Delete<span className="visually-hidden"> message</span>
            </button>
          </>
        )}
      </div>
    </li>
  );
}

function Composer({
  conversationId,
  recipient,
  onSend,
  onSendTemplate,
}: {
  conversationId: string;
  recipient: string;
  onSend: (body: string) => void;
  onSendTemplate: (templateId: string, previewText: string) => void;
}) {
  const [text, setText] = useState('');
  const [isPickingTemplate, setIsPickingTemplate] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const body = text.trim();
  const tooLong = ZSendMessageBody.shape.body.safeParse(text);
  const error = body && !tooLong.success ? tooLong.error.issues[0]?.message : undefined;
  const canSend = body.length > 0 && !error;

  function submit() {
    if (!canSend) return;
    onSend(body);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      className="composer"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Message to {recipient}
      </label>
      <textarea
        id={id}
        className={cx('composer__input', error && 'composer__input--invalid')}
        rows={2}
        placeholder={`Write to ${recipient}`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <div className="composer__footer">
        <p className="composer__hint" id={hintId}>
          Enter sends, Shift+Enter starts a new line.
        </p>
        {text.length > COUNTER_FROM && (
          <p className={cx('composer__count', error && 'composer__count--over')} aria-live="polite">
            {countFormat.format(text.length)} / {countFormat.format(MESSAGE_MAX_LENGTH)}
          </p>
        )}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-haspopup="dialog"
          onClick={() => setIsPickingTemplate(true)}
        >
          Templates
        </Button>
        <Button type="submit" size="sm" disabled={!canSend}>
          Send
        </Button>
      </div>
      {error && (
        <p className="composer__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <TemplatePicker
        isOpen={isPickingTemplate}
        onClose={() => setIsPickingTemplate(false)}
        conversationId={conversationId}
        recipient={recipient}
        onSend={(template, previewText) => {
          setIsPickingTemplate(false);
          onSendTemplate(template._id, previewText);
        }}
      />
    </form>
  );
}

function DeleteMessageModal({
  message,
  recipient,
  onClose,
  actions,
}: {
  message: TMessage | null;
  recipient: string;
  onClose: () => void;
  actions: MessageActions;
}) {
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <Modal
      isOpen={message !== null}
      onClose={onClose}
      size="sm"
      title="Delete this message?"
      description={`${recipient} will see “This message was deleted.” in its place.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isDeleting}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isLoading={isDeleting}
            onClick={async () => {
              if (!message) return;
              setIsDeleting(true);
              const isDeleted = await actions.remove(message);
              setIsDeleting(false);
              if (isDeleted) onClose();
            }}
          >
            Delete message
          </Button>
        </>
      }
    />
  );
}

/** Files the conversation away in the archive, or brings it back to the inbox. */
function ArchiveButton({ conversation }: { conversation: TConversation }) {
  const dispatch = useAppDispatch();
  const [isBusy, setIsBusy] = useState(false);
  const archived = conversation.isArchived;
  async function toggle() {
    setIsBusy(true);
    try {
      const result = await conversationsApi.archiveConversation(conversation._id, !archived);
      dispatch(conversationArchived({ conversationId: conversation._id, isArchived: result.isArchived }));
      notifySuccess(result.isArchived ? 'Conversation archived.' : 'Conversation moved to the inbox.');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <Button className="thread__archive" variant="secondary" size="sm" disabled={isBusy} onClick={toggle}>
      {archived ? 'Move to inbox' : 'Archive'}
    </Button>
  );
}

export function ConversationThread({ conversation }: { conversation: TConversation }) {
  const actions = useMessageActions(conversation._id);
  const [toDelete, setToDelete] = useState<TMessage | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const name = doctorName(conversation.applicant);
  const messages = conversation.messages;
  const newest = messages.at(-1);
  const lastKey = newest ? `${newest.tempMsgId ?? newest._id}:${newest.seq ?? ''}` : '';
  const older = useOlderMessages(conversation, logRef);

  // Keep the newest message in view as the thread opens and as messages arrive (an older page
  // added above leaves the newest where it is, so the view stays put).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the last message changes.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [conversation._id, lastKey]);

  return (
    <div className="thread">
      <header className="thread__header">
        <Link className="thread__back" to="/messages">
          <ArrowLeftIcon size={18} aria-hidden="true" />
          <span>Back</span>
          <span className="visually-hidden"> to conversations</span>
        </Link>
        <ConversationAvatar applicant={conversation.applicant} size="sm" />
        <div className="thread__titles">
          <h2 className="thread__name">
            <Link to={`/applicants/${encodeURIComponent(conversation.applicant._id)}`}>{name}</Link>
          </h2>
          <p className="thread__job">
            {[conversation.job?.title ?? 'Job no longer listed', conversation.applicant.specialty]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <ArchiveButton conversation={conversation} />
      </header>
      <div
        className="thread__log"
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${name}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        onScroll={older.onScroll}
      >
        <OlderMessages older={older} />
        {messages.length === 0 ? (
          <p className="thread__empty">No messages yet. Say hello to {name}.</p>
        ) : (
          <ol className="thread__messages">
            {messages.map((message) => (
              <MessageBubble
                key={message.tempMsgId ?? message._id}
                message={message}
                onRetry={() => void actions.retry(message)}
                onDelete={() => setToDelete(message)}
              />
            ))}
          </ol>
        )}
      </div>
      <Composer
        key={conversation._id}
        conversationId={conversation._id}
        recipient={name}
        onSend={(body) => void actions.send(body)}
        onSendTemplate={(templateId, previewText) => void actions.sendTemplate(templateId, previewText)}
      />
      <DeleteMessageModal
        message={toDelete}
        recipient={name}
        onClose={() => setToDelete(null)}
        actions={actions}
      />
    </div>
  );
}

export function ThreadSkeleton() {
  return (
    <div className="thread" role="status" aria-label="Loading conversation">
      <div className="thread__header">
        <Skeleton width="2.25rem" height="2.25rem" radius="999px" />
        <span className="thread__titles">
          <Skeleton width="12rem" height="1rem" />
          <Skeleton width="8rem" height="0.75rem" />
        </span>
      </div>
      <div className="thread__log">
        <div className="thread__messages">
          <Skeleton width="55%" height="2.5rem" radius="14px" />
          <Skeleton width="40%" height="2.5rem" radius="14px" className="skeleton--own" />
          <Skeleton width="62%" height="3.5rem" radius="14px" />
        </div>
      </div>
    </div>
  );
}
