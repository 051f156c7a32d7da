/**
 * An organisation that requires two-step sign-in holds a member without a second factor to
 * setting one up: every other call answers 403 TWO_STEP_ENROLMENT_REQUIRED. The http client
 * reports that answer here, and the app (root layout) marks the session so the guards take the
 * person to /settings/security, the one screen that works until they enrol.
 */
export const TWO_STEP_ENROLMENT_REQUIRED = 'TWO_STEP_ENROLMENT_REQUIRED';

let listener: (() => void) | null = null;

export function setEnrolmentRequiredListener(next: (() => void) | null): void {
  listener = next;
}

export function reportEnrolmentRequired(): void {
  listener?.();
}
