import { useState } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import './second-step.css';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** The person has put them somewhere safe; they are not shown again. */
  onDone: () => void;
}

const FILE_NAME = 'medhire-recovery-codes.txt';

function codesText(codes: readonly string[]): string {
  return `MedHire recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
}

/** New recovery codes, shown this one time: copy them, download them, then confirm. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="recovery-codes">
      <Alert variant="warning" title="Save your recovery codes now">
        This is the only time they are shown. Each code signs you in once if you lose your phone.
      </Alert>
      <ul className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <Button variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I saved my codes</Button>
      </div>
      <p role="status" className="second-step__lead">
        {copyState === 'copied' && 'The codes are copied.'}
        {copyState === 'failed' && 'Copying did not work here: download the codes or write them down.'}
      </p>
    </div>
  );
}
