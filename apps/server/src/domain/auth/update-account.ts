import type { TCandidatePreferences, TPreferenceProbe, TSessionCode, TUser } from '@medhire/contract/account';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { type TUserRow, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById, sessionCodeFor, toUserView } from './accounts-repository.ts';

async function updateUser(db: Db, userId: string, changes: Partial<TUserRow>): Promise<TUser> {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  return toUserView(updated);
}

/** The signed-in employer as stored now, with the session code the client routes by. */
export async function syncUserDetail({ db, userId }: { db: Db; userId: string }): Promise<{
  user: TUser;
  code: TSessionCode;
}> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  return { user: toUserView(user), code: await sessionCodeFor(db, user) };
}

export function updateCurrentProfileStep({
  db,
  userId,
  currentProfileStep,
}: {
  db: Db;
  userId: string;
  currentProfileStep: number;
}): Promise<TUser> {
  return updateUser(db, userId, { currentProfileStep });
}

/** The person's own name, as the team, the activity log and message authors show it. */
export function updateFullName({
  db,
  userId,
  fullName,
}: {
  db: Db;
  userId: string;
  fullName: string;
}): Promise<TUser> {
  return updateUser(db, userId, { fullName });
}

/**
 * Stores the would-you-rather answers. Answers merge into the stored ones by probe, so the
 * edit screen can send just the pairs it changed.
 */
export async function updatePreferenceProbes({
  db,
  userId,
  preferenceProbe,
}: {
  db: Db;
  userId: string;
  preferenceProbe: TPreferenceProbe[];
}): Promise<TUser> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  const merged = new Map(user.preferenceProbes.map((answer) => [answer.probeId, answer]));
  for (const answer of preferenceProbe)
    merged.set(answer.probeId, { probeId: answer.probeId, choice: answer.choice });
  return updateUser(db, userId, { preferenceProbes: [...merged.values()] });
}

/** Replaces the candidate preferences as a whole: what the form shows is what is stored. */
export function updateCandidatePreferences({
  db,
  userId,
  candidatePreferences,
}: {
  db: Db;
  userId: string;
  candidatePreferences: TCandidatePreferences;
}): Promise<TUser> {
  return updateUser(db, userId, { candidatePreferences });
}
