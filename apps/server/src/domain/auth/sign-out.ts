import type { Db } from '../../db/index.ts';
import { revokeSession } from './sessions.ts';

/** Ends the current session server-side; its token stops working at once. */
export async function signOut({ db, sessionId }: { db: Db; sessionId: string }): Promise<void> {
  await revokeSession(db, sessionId);
}
