import { SYNC_LATEST } from '@medhire/contract/conversations';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Select } from '@medhire/ui/field.tsx';
import { MessageIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { AppThunk } from '../../../app/store.ts';
import { describeError, HttpError } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { jobsApi } from '../../jobs/api/jobs-api.ts';
import { useDebouncedValue } from '../../jobs/components/use-debounced-value.ts';
import { conversationsApi } from '../api/conversations-api.ts';
import {
  changesSynced,
  conversationClosed,
  conversationOpened,
  conversationsLoaded,
  lastSeqOf,
  messagesResumed,
  syncCursorSet,
} from '../conversations-slice.ts';
import { ConversationList, ConversationListSkeleton, ConversationSearch } from './conversation-list.tsx';
import { ConversationThread, ThreadSkeleton } from './conversation-thread.tsx';
import './messages.css';

export const SEARCH_DEBOUNCE_MS = 300;

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };
type OpenState = LoadState | { status: 'idle' } | { status: 'unavailable' };

/** What the list shows: the search text, inbox or archive, and one job's conversations or all. */
interface ListFilter {
  queryText: string;
  archived: boolean;
  /** '' for every job. */
  jobId: string;
}

/**
 * Before the screen's first list: the cursor of the newest change, so that after a reconnect
 * `sync` answers exactly what happened since the list was read. Asked before the list, so a
 * change between the two is answered twice at worst (and shown once), never missed. Without it
 * (the call failed) a reconnect re-reads the list and the open conversation instead.
 */
function startSyncCursor(signal: AbortSignal): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    if (getState().conversations.syncCursor !== null) return;
    try {
      const head = await conversationsApi.sync(SYNC_LATEST, signal);
      if (getState().conversations.syncCursor === null) dispatch(syncCursorSet(head.nextCursor));
    } catch {
      // A reconnect falls back to re-reading what is on screen.
    }
  };
}

/** Loads the conversation list (inbox or archive) for the search text; "Try again" runs it again. */
function useConversationList(query: ListFilter) {
  const { queryText, archived, jobId } = query;
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?._id;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    dispatch(startSyncCursor(controller.signal))
      .then(() =>
        conversationsApi.getAllConversations(
          userId,
          { queryText: queryText || undefined, archived, jobId: jobId || undefined },
          controller.signal,
        ),
      )
      .then((conversations) => {
        dispatch(conversationsLoaded(conversations));
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, queryText, archived, jobId, attempt]);
  // A later visit starts from a new cursor: its list is read afresh.
  useEffect(() => () => void dispatch(syncCursorSet(null)), [dispatch]);
  return { state, retry: () => setAttempt((count) => count + 1) };
}

/** How many of the organisation's jobs the job filter offers (newest first). */
const FILTER_JOBS_PAGE_SIZE = 200;

/** The organisation's jobs for the job filter; an empty list when they cannot be read (no filter). */
function useFilterJobs(): { _id: string; title: string }[] {
  const userId = useAppSelector(selectUser)?._id;
  const [jobs, setJobs] = useState<{ _id: string; title: string }[]>([]);
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    jobsApi
      .getAllJobs(userId, { pageSize: FILTER_JOBS_PAGE_SIZE, pageNumber: 1 }, controller.signal)
      .then((list) => setJobs(list.jobs.map((job) => ({ _id: job._id, title: job.title }))))
      // Without the jobs the job filter is left out; the list still works.
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId]);
  return jobs;
}

/** One job's conversations, or every job's (spec §7 `jobId`). */
function JobFilter({
  jobs,
  jobId,
  onChange,
}: {
  jobs: readonly { _id: string; title: string }[];
  jobId: string;
  onChange: (jobId: string) => void;
}) {
  if (jobs.length === 0) return null;
  return (
    <Select
      className="conversation-job-filter"
      label="Job"
      placeholder="All jobs"
      options={jobs.map((job) => ({ value: job._id, label: job.title }))}
      value={jobId}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Inbox or Archived: which conversations the list shows. */
function ConversationFilter({
  archived,
  onChange,
}: {
  archived: boolean;
  onChange: (archived: boolean) => void;
}) {
  return (
    <fieldset className="conversation-filter">
      <legend className="visually-hidden">Show conversations</legend>
      <Button
        variant={archived ? 'ghost' : 'secondary'}
        size="sm"
        aria-pressed={!archived}
        onClick={() => onChange(false)}
      >
        Inbox
      </Button>
      <Button
        variant={archived ? 'secondary' : 'ghost'}
        size="sm"
        aria-pressed={archived}
        onClick={() => onChange(true)}
      >
        Archived
      </Button>
    </fieldset>
  );
}

/** Loads the conversation named in the address and marks it open (and read). */
function useOpenConversation(conversationId: string) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<OpenState>({ status: conversationId ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on "Try again".
  useEffect(() => {
    if (!conversationId) {
      dispatch(conversationClosed());
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    conversationsApi
      .getSingleConversation(conversationId, controller.signal)
      .then((conversation) => {
        dispatch(conversationOpened(conversation));
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        dispatch(conversationClosed());
        // Another organisation's conversation answers like one that does not exist.
        const isUnavailable =
          error instanceof HttpError &&
          (error.status === 404 || error.status === 403 || error.status === 400);
        setState(
          isUnavailable ? { status: 'unavailable' } : { status: 'failed', message: describeError(error) },
        );
      });
    return () => controller.abort();
  }, [dispatch, conversationId, attempt]);
  useEffect(() => () => void dispatch(conversationClosed()), [dispatch]);
  return { state, retry: () => setAttempt((count) => count + 1) };
}

/** The most messages one resume call asks for; more pages follow until the screen has caught up. */
const RESUME_PAGE_SIZE = 200;

/**
 * Fetches what the server stored in the open conversation after the last sequence number on
 * screen, page by page, and adds it once each (messages still sending or failed stay).
 */
function openConversationResumed(conversationId: string, signal: AbortSignal): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    for (;;) {
      const open = getState().conversations.activeConversation;
      if (open?._id !== conversationId || signal.aborted) return;
      const fresh = await conversationsApi.getSingleConversation(conversationId, signal, {
        afterSeq: lastSeqOf(open),
        pageSize: RESUME_PAGE_SIZE,
      });
      dispatch(messagesResumed({ conversationId, messages: fresh.messages }));
      if (fresh.messages.length < RESUME_PAGE_SIZE) return;
    }
  };
}

/** The most changes one sync call asks for; more pages follow until the screen has caught up. */
const SYNC_PAGE_SIZE = 200;

/**
 * Asks `sync` for every change since the screen's cursor, page by page, and applies each once
 * (changesSynced). Answers whether the list on screen must be read again: a conversation it
 * does not show got a message or changed between inbox and archive.
 */
function changesCaughtUp(signal: AbortSignal): AppThunk<Promise<{ isListStale: boolean }>> {
  return async (dispatch, getState) => {
    let isListStale = false;
    for (;;) {
      const cursor = getState().conversations.syncCursor;
      if (cursor === null || signal.aborted) return { isListStale };
      const page = await conversationsApi.sync(cursor, signal, SYNC_PAGE_SIZE);
      const shown = new Set(getState().conversations.conversations.map((conversation) => conversation._id));
      isListStale ||= page.changes.some(
        (change) =>
          (change.type === 'message' || change.type === 'archived') && !shown.has(change.conversationId),
      );
      dispatch(changesSynced(page));
      if (!page.hasMore) return { isListStale };
    }
  };
}

const hasSyncCursor = (): AppThunk<boolean> => (_dispatch, getState) =>
  getState().conversations.syncCursor !== null;

/**
 * After the live connection comes back (or a live message skipped a number), asks `sync` for
 * what was missed meanwhile and applies it quietly (what is on screen stays, nothing is shown
 * twice); the list is read again only when a conversation it does not show changed. Without a
 * cursor, re-reads the list and the open conversation's messages after its last one.
 */
function useCatchUp(query: ListFilter, conversationId: string) {
  const { queryText, archived, jobId } = query;
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?._id;
  const catchUps = useAppSelector((root) => root.conversations.catchUps);
  const handled = useRef(catchUps);
  useEffect(() => {
    if (catchUps === handled.current || !userId) return;
    handled.current = catchUps;
    const controller = new AbortController();
    const ignore = () => undefined;
    const reloadList = () =>
      conversationsApi
        .getAllConversations(
          userId,
          { queryText: queryText || undefined, archived, jobId: jobId || undefined },
          controller.signal,
        )
        .then((conversations) => dispatch(conversationsLoaded(conversations)));
    if (dispatch(hasSyncCursor())) {
      dispatch(changesCaughtUp(controller.signal))
        .then(({ isListStale }) => (isListStale ? reloadList() : undefined))
        .catch(ignore);
    } else {
      reloadList().catch(ignore);
      if (conversationId) dispatch(openConversationResumed(conversationId, controller.signal)).catch(ignore);
    }
    return () => controller.abort();
  }, [dispatch, catchUps, userId, queryText, archived, jobId, conversationId]);
}

function LoadFailure({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" title={title} className="messages__failure">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

function ThreadPane({
  conversationId,
  state,
  onRetry,
}: {
  conversationId: string;
  state: OpenState;
  onRetry: () => void;
}) {
  const conversation = useAppSelector((root) => root.conversations.activeConversation);
  if (state.status === 'idle') {
    return (
      <EmptyState
        className="messages__placeholder"
        icon={<MessageIcon size={26} />}
        title="Choose a conversation"
        description="Pick a physician on the left to read and answer their messages."
      />
    );
  }
  if (state.status === 'unavailable') {
    return (
      <EmptyState
        className="messages__placeholder"
        icon={<MessageIcon size={26} />}
        title="This conversation is not available"
        description="It may have been removed, or the link belongs to another MedHire account."
        action={
          <Link className={buttonClasses({ variant: 'secondary' })} to="/messages">
            Back to messages
          </Link>
        }
      />
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="messages__placeholder">
        <LoadFailure title="We could not open this conversation" message={state.message} onRetry={onRetry} />
      </div>
    );
  }
  if (state.status === 'loading' || conversation?._id !== conversationId) return <ThreadSkeleton />;
  return <ConversationThread conversation={conversation} />;
}

export function MessagesScreen() {
  const [searchParams] = useSearchParams();
  const conversationId = searchParams.get('conversationId') ?? '';
  const [searchText, setSearchText] = useState('');
  const queryText = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [archived, setArchived] = useState(false);
  const [jobId, setJobId] = useState('');
  const jobs = useFilterJobs();
  const filter = { queryText, archived, jobId };
  const list = useConversationList(filter);
  const open = useOpenConversation(conversationId);
  useCatchUp(filter, conversationId);
  const conversations = useAppSelector((root) => root.conversations.conversations);

  const hasNoConversations =
    list.state.status === 'ready' &&
    conversations.length === 0 &&
    !queryText &&
    !searchText &&
    !archived &&
    !jobId &&
    !conversationId;

  return (
    <>
      <title>Messages · MedHire</title>
      <PageHeader
        className="messages-header"
        title="Messages"
        description="Your conversations with physicians about your jobs: applicants you wrote to and physicians who accepted your invites."
      />
      {hasNoConversations ? (
        <EmptyState
          icon={<MessageIcon size={26} />}
          title="No conversations yet"
          description="A conversation starts when you message a physician who applied, or when a physician accepts your invite. Message applicants from Applicants or a job's pipeline."
          action={
            <Link className={buttonClasses({ variant: 'primary' })} to="/applicants">
              Find applicants
            </Link>
          }
        />
      ) : (
        <div className={cx('messages', conversationId ? 'messages--thread' : 'messages--list')}>
          <div className="messages__list">
            <ConversationSearch value={searchText} onChange={setSearchText} />
            <ConversationFilter archived={archived} onChange={setArchived} />
            <JobFilter jobs={jobs} jobId={jobId} onChange={setJobId} />
            {list.state.status === 'loading' && conversations.length === 0 ? (
              <ConversationListSkeleton />
            ) : list.state.status === 'failed' ? (
              <LoadFailure
                title="We could not load your conversations"
                message={list.state.message}
                onRetry={list.retry}
              />
            ) : (
              <ConversationList
                conversations={conversations}
                selectedId={conversationId}
                isBusy={list.state.status === 'loading'}
                searchText={queryText}
                isFiltered={archived || Boolean(jobId)}
              />
            )}
          </div>
          <section className="messages__thread" aria-label="Open conversation">
            <ThreadPane conversationId={conversationId} state={open.state} onRetry={open.retry} />
          </section>
        </div>
      )}
    </>
  );
}
