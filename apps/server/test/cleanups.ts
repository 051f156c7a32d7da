/**
 * Work to undo after the current test file (close databases, drop clones, remove scratch
 * folders). Kept apart from helper.ts so files that never build an app do not load it.
 */
const pending: (() => Promise<void>)[] = [];
const resetters: (() => void)[] = [];

export function afterFile(cleanup: () => Promise<void>): void {
  pending.push(cleanup);
}

/** State to forget once the file's resources are gone. */
export function onFileDisposed(reset: () => void): void {
  resetters.push(reset);
}

/** Runs the cleanups newest first, so a database closes before the folder holding it goes. */
export async function disposeFileResources(): Promise<void> {
  for (const reset of resetters) reset();
  const due = pending.splice(0).reverse();
  for (const cleanup of due) await cleanup();
}
