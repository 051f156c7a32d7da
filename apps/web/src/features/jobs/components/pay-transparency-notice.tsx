import { listStateNames, payTransparencyStatesOf } from '@medhire/contract/pay-transparency';
import { Alert } from '@medhire/ui/alert.tsx';
import type { ReactNode } from 'react';

export interface PayTransparencyNoticeProps {
  /** USPS codes of the job's locations. */
  stateCodes: readonly string[];
  hasPayRange: boolean;
  /** A way to the pay fields, when they are on another step. */
  action?: ReactNode;
}

/**
 * Warns when a job in a pay-transparency state has no pay range. It warns rather than blocks:
 * most of these laws apply only above a number of employees we do not know, and a draft may be
 * saved before the range is settled.
 */
export function PayTransparencyNotice({ stateCodes, hasPayRange, action }: PayTransparencyNoticeProps) {
  const states = payTransparencyStatesOf(stateCodes);
  if (hasPayRange || states.length === 0) return null;
  return (
    <Alert variant="warning" title="Add a pay range for this location">
      <p>
        {listStateNames(states)} {states.length === 1 ? 'requires' : 'require'} job postings to state a
        good-faith pay range (for employers above the state's size threshold).
      </p>
      {action}
    </Alert>
  );
}
