import type { TInterview } from '@medhire/contract/interviews';
import { Button, type ButtonSize, type ButtonVariant } from '@medhire/ui/button.tsx';
import { useState } from 'react';
import { ScheduleInterviewDialog } from './schedule-interview-dialog.tsx';

/** "Schedule interview" for one application, with its dialog. */
export function ScheduleInterviewButton({
  applicationId,
  physicianName,
  jobTitle,
  onScheduled,
  variant = 'secondary',
  size = 'sm',
}: {
  applicationId: string;
  physicianName: string;
  jobTitle: string;
  onScheduled: (interview: TInterview) => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        aria-label={`Schedule interview with ${physicianName} for ${jobTitle}`}
        onClick={() => setIsOpen(true)}
      >
        Schedule interview
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
