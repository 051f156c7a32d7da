import type { TConversation, TConversationApplicant } from '@medhire/contract/conversations';
import { cx } from '@medhire/ui/cx.ts';
import { SearchIcon } from '@medhire/ui/icons.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { Link } from 'react-router';
import { formatFullTime, formatRelativeTime } from '../format-message-time.ts';

/** "Dr. Jane Lee": the physician's name as the employer sees it everywhere. */
export function doctorName(applicant: Pick<TConversationApplicant, 'fullName'>): string {
  const name = applicant.fullName.trim();
  return /^dr\.?\s/i.test(name) ? name : `Dr. ${name}`;
}

function initialsOf(fullName: string): string {
  const words = fullName
    .replace(/^dr\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/** The physician's photo, or their initials. Decorative: the name is always beside it. */
export function ConversationAvatar({
  applicant,
  size = 'md',
}: {
  applicant: Pick<TConversationApplicant, 'fullName' | 'photo'>;
  size?: 'sm' | 'md';
}) {
  const className = cx('conversation-avatar', `conversation-avatar--${size}`);
  if (applicant.photo) {
    return <img className={className} src={applicant.photo} alt="" loading="lazy" decoding="async" />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(applicant.fullName)}
    </span>
  );
}

export function ConversationSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="conversation-search">
      <label className="visually-hidden" htmlFor="conversation-search">
        Search by physician name
      </label>
      <SearchIcon className="conversation-search__icon" size={16} aria-hidden="true" />
      <input
        id="conversation-search"
        className="conversation-search__input"
        type="search"
        placeholder="Search by physician name"
        autoComplete="off"
        maxLength={100}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function Preview({ conversation }: { conversation: TConversation }) {
  const last = conversation.lastMessage;
  if (!last)
    return (
      <span className="conversation-row__preview conversation-row__preview--muted">No messages yet</span>
    );
  if (last.isDeleted) {
    return (
      <span className="conversation-row__preview conversation-row__preview--muted">Message deleted</span>
    );
  }
  return (
    <span className="conversation-row__preview">
      {last.sender === 'employer' && <span className="conversation-row__you">You: </span>}
      {last.body}
    </span>
  );
}

function ConversationRow({ conversation, isSelected }: { conversation: TConversation; isSelected: boolean }) {
  const unread = conversation.employerCount;
  const time = conversation.lastMessage?.sentTime ?? conversation.updatedAt;
  return (
    <li>
      <Link
        className={cx(
          'conversation-row',
          isSelected && 'conversation-row--selected',
          unread > 0 && 'conversation-row--unread',
        )}
        to={`/messages?conversationId=${encodeURIComponent(conversation._id)}`}
        aria-current={isSelected ? 'page' : undefined}
      >
        <ConversationAvatar applicant={conversation.applicant} />
        <span className="conversation-row__body">
          <span className="conversation-row__top">
            <span className="conversation-row__name">{doctorName(conversation.applicant)}</span>
            {time && (
              <time className="conversation-row__time" dateTime={time} title={formatFullTime(time)}>
                {formatRelativeTime(time)}
              </time>
            )}
          </span>
          <span className="conversation-row__job">{conversation.job?.title ?? 'Job no longer listed'}</span>
          <span className="conversation-row__bottom">
            <Preview conversation={conversation} />
            {unread > 0 && (
              <span className="conversation-row__unread">
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                <span className="visually-hidden">{unread} unread</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function ConversationList({
  conversations,
  selectedId,
  isBusy,
  searchText,
  isFiltered = false,
}: {
  conversations: readonly TConversation[];
  selectedId: string;
  isBusy: boolean;
  searchText: string;
  /** The archive or one job is shown, not the whole inbox. */
  isFiltered?: boolean;
}) {
  if (conversations.length === 0) {
    return (
      <p className="conversation-list__empty" role="status">
        {searchText
          ? `No conversations with a physician named “${searchText}”.`
          : isFiltered
            ? 'No conversations match these filters.'
            : 'No conversations yet.'}
      </p>
    );
  }
  return (
    <ul className="conversation-list" aria-label="Conversations" aria-busy={isBusy || undefined}>
      {conversations.map((conversation) => (
        <ConversationRow
          key={conversation._id}
          conversation={conversation}
          isSelected={conversation._id === selectedId}
        />
      ))}
    </ul>
  );
}

export function ConversationListSkeleton() {
  return (
    <div className="conversation-list" role="status" aria-label="Loading conversations">
      {[0, 1, 2, 3, 4].map((row) => (
        <div className="conversation-row conversation-row--skeleton" key={row}>
          <Skeleton width="2.75rem" height="2.75rem" radius="999px" />
          <span className="conversation-row__body">
            <Skeleton width="60%" height="0.9rem" />
            <Skeleton width="40%" height="0.75rem" />
            <Skeleton width="85%" height="0.75rem" />
          </span>
        </div>
      ))}
    </div>
  );
}
