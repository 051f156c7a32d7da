import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { can, type TMemberRole, type TRight } from './rights.ts';

export interface MemberWithRight {
  userId: string;
  organizationId: string | null;
  role: TMemberRole;
}

/**
 * The caller's organisation and role, when their role holds `right`; 403 with `message`
 * otherwise. Domain functions call it themselves, so they stay safe whatever the routes check;
 * the role is read from the account (the session identity does not carry it).
 */
export async function requireMemberRight(
  db: Db,
  userId: string,
  right: TRight,
  message: string,
): Promise<MemberWithRight> {
  const [member] = await db
    .select({ organizationId: users.organizationId, role: users.memberRole })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!member) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  if (!can(member.role, right)) throw new AppError('FORBIDDEN', message);
  return { userId, organizationId: member.organizationId, role: member.role };
}
