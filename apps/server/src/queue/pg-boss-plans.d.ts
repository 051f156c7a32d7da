// pg-boss ships no types for its SQL plans; the one this app uses is declared here.
declare module 'pg-boss/src/plans.js' {
  /** The parameterised INSERT pg-boss's own `send` runs ($1 … $19, see enqueue-job.ts). */
  export function insertJob(schema: string): string;
  /** Wraps commands in `BEGIN; … COMMIT;` under the queue's advisory lock (maintenance, migrations). */
  export function locked(schema: string, query: string | string[]): string;
  /** The maintenance command that fails jobs past their expiry. */
  export function failJobsByTimeout(schema: string): string;
}
