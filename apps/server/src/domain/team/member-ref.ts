import type { TMemberRef } from '@medhire/contract/team';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';

/** The name colleagues see for a member: their full name, else their e-mail. */
export const memberNameSql = sql<string>`coalesce(${users.fullName}, ${users.email})`;

export function memberName(user: { fullName: string | null; email: string }): string {
  return user.fullName ?? user.email;
}

/** Members by id as `{ _id, fullName }`, for assignees and authors; unknown ids are left out. */
export async function loadMemberRefs(
  db: Db,
  userIds: readonly (string | null)[],
): Promise<Map<string, TMemberRef>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { _id: row.id, fullName: memberName(row) }]));
}

export async function loadMemberRef(db: Db, userId: string | null): Promise<TMemberRef | null> {
  if (!userId) return null;
  return (await loadMemberRefs(db, [userId])).get(userId) ?? null;
}

/**
 * The member with this id in the organisation (not archived), or undefined: assignees must be
 * current members of the organisation.
 */
export async function findMember(db: Db, organizationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.organizationId, organizationId),
        eq(users.role, 'employer'),
        isNull(users.archivedAt),
      ),
    )
    .limit(1);
  return row;
}
