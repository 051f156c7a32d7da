import { PasskeysSection } from '@medhire/ui/passkeys-section.tsx';
import { describeError } from '../../../lib/http.ts';
import { passkeysApi } from '../api/passkeys-api.ts';

/** Settings → Security, "Passkeys": the member's passkeys (shared section, employer API). */
export function PasskeysCard() {
  return <PasskeysSection api={passkeysApi} describeError={describeError} />;
}
