import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MessageIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';

export function MessagesScreen() {
  const [searchParams] = useSearchParams();
  const isConversationRequested = searchParams.has('conversationId');
  return (
    <>
      <title>Messages · MedHire</title>
      <PageHeader
        title="Messages"
        description="Your conversations with physicians. A conversation opens when a physician accepts your match invite or applies to a job."
      />
      <EmptyState
        icon={<MessageIcon size={26} />}
        title={isConversationRequested ? 'This conversation is not available' : 'No conversations yet'}
        description={
          isConversationRequested
            ? 'It may have been archived, or the link belongs to another MedHire account.'
            : 'When a physician accepts a match invite, your conversation with them starts here.'
        }
      />
    </>
  );
}
