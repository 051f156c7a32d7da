import type { TInterview } from '@medhire/contract/interviews';
import { Button, type ButtonSize, type ButtonVariant } from '@medhire/ui/button.tsx';
import { useState } from 'react';
import './interviews.css';
import { ScheduleInterviewDialog } from './schedule-interview-dialog.tsx';

/** "Schedule interview" for one application, with its dialog. */
export function ScheduleInterviewButton({
  applicationId,
  physicianName,
  jobTitle,
  onScheduled,
  variant = 'secondary',
  size = 'sm',
  isCompact = false,
}: {
  applicationId: string;
  physicianName: string;
  jobTitle: string;
  onScheduled: (interview: TInterview) => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A narrow place such as a pipeline card: the visible word is "Schedule" (the name says the rest). */
  isCompact?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={`Schedule interview with ${physicianName} for ${jobTitle}`}
        className={isCompact ? 'schedule-interview-button--compact' : undefined}
        onClick={() => setIsOpen(true)}
      >
        {isCompact ? 'Schedule' : 'Schedule interview'}
      </Button>
      <ScheduleInterviewDialog
        isOpen={isOpen}
        applicationId={applicationId}
        physicianName={physicianName}
        jobTitle={jobTitle}
        onClose={() => setIsOpen(false)}
        onDone={onScheduled}
      />
    </>
  );
}
