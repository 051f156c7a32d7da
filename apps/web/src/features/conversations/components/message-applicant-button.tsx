import { Button, type ButtonSize, type ButtonVariant } from '@medhire/ui/button.tsx';
import { MessageIcon } from '@medhire/ui/icons.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/http.ts';
import { conversationsApi } from '../api/conversations-api.ts';

export interface MessageApplicantButtonProps {
  /** The application the conversation is about: one conversation per job and physician. */
  applicationId: string;
  physicianName: string;
  jobTitle: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Just the icon (narrow places such as a pipeline card); the name and a tooltip still say Message. */
  isIconOnly?: boolean;
  className?: string;
}

/**
 * "Message": opens (or reopens) the conversation with a physician who applied, about that job,
 * and goes to it in Messages. Writing to an applicant spends no invite.
 */
export function MessageApplicantButton({
  applicationId,
  physicianName,
  jobTitle,
  variant = 'secondary',
  size = 'sm',
  isIconOnly = false,
  className,
}: MessageApplicantButtonProps) {
  const navigate = useNavigate();
  const [isStarting, setIsStarting] = useState(false);

  const onMessage = async () => {
    setIsStarting(true);
    try {
      const conversation = await conversationsApi.startConversation(applicationId);
      await navigate(`/messages?conversationId=${encodeURIComponent(conversation._id)}`);
    } catch (error) {
      notifyError(errorMessage(error));
      setIsStarting(false);
    }
  };

  const label = `Message ${physicianName} about ${jobTitle}`;
  return (
    <Button
      variant={variant}
      size={size}
      isIconOnly={isIconOnly}
      className={className}
      isLoading={isStarting}
      leadingIcon={<MessageIcon size={16} />}
      aria-label={label}
      title={isIconOnly ? label : undefined}
      onClick={() => void onMessage()}
    >
      {isIconOnly ? null : 'Message'}
    </Button>
  );
}
