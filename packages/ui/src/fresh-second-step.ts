/**
 * A sensitive change by an account with a second factor on answers 403 SECOND_STEP_REQUIRED when
 * the session's last second step is older than 10 minutes. The http client then asks the person
 * for a code through the one prompt the app registers here, and sends the call again once.
 */
export const SECOND_STEP_REQUIRED = 'SECOND_STEP_REQUIRED';

/**
 * Resolves true once the session's second step is fresh again, false when the person gave up.
 * `methods` are what the refusal offered (its `details.methods`: 'totp', 'recovery_code', 'passkey').
 */
export type FreshSecondStepPrompt = (methods: readonly string[]) => Promise<boolean>;

let prompt: FreshSecondStepPrompt | null = null;

export function setFreshSecondStepPrompt(next: FreshSecondStepPrompt | null): void {
  prompt = next;
}

export function askForFreshSecondStep(details?: unknown): Promise<boolean> {
  const offered = (details as { methods?: unknown } | undefined)?.methods;
  const methods = Array.isArray(offered) ? offered.filter((m): m is string => typeof m === 'string') : [];
  return prompt ? prompt(methods.length > 0 ? methods : ['totp', 'recovery_code']) : Promise.resolve(false);
}
