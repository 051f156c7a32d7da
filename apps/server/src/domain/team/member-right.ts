import { AppError } from '../../lib/app-error.ts';
import type { AccountIdentity } from '../auth/authenticate-session.ts';
import { can, type TRight } from './rights.ts';

/** The part of the signed-in caller's identity a right is checked on. */
export type TeamMember = Pick<AccountIdentity, 'userId' | 'organizationId' | 'memberRole'>;

/**
 * The caller, when their role holds `right`; 403 with `message` otherwise. Domain functions call
 * it themselves, so they stay safe whatever the routes check; the role comes from the session
 * identity (domain/auth/authenticate-session.ts), read once per request.
 */
export function requireMemberRight(member: TeamMember, right: TRight, message: string): TeamMember {
  if (!can(member.memberRole, right)) throw new AppError('FORBIDDEN', message);
  return member;
}
