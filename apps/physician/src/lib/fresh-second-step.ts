/**
 * A sensitive change by an account with a second factor on answers 403 SECOND_STEP_REQUIRED when
 * the session's last second step is older than 10 minutes. The http client then asks the person
 * for a code through the one prompt the app registers here, and sends the call again once.
 */
export const SECOND_STEP_REQUIRED = 'SECOND_STEP_REQUIRED';

/** Resolves true once the session's second step is fresh again, false when the person gave up. */
export type FreshSecondStepPrompt = () => Promise<boolean>;

let prompt: FreshSecondStepPrompt | null = null;

export function setFreshSecondStepPrompt(next: FreshSecondStepPrompt | null): void {
  prompt = next;
}

export function askForFreshSecondStep(): Promise<boolean> {
  return prompt ? prompt() : Promise.resolve(false);
}
