import type { TClaimData } from '@medhire/contract/organization';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { issueSetPasswordToken, SET_PASSWORD_VALID_HOURS } from '../auth/account-tokens.ts';
import { findUserByEmail } from '../auth/accounts-repository.ts';
import { type LimitRule, spendAttempt } from '../auth/attempt-limiter.ts';
import type { AuthContext } from '../auth/context.ts';
import { createEmployerAccount } from '../auth/create-employer-account.ts';
import { renderSetPasswordMail } from '../mail/templates.ts';
import { normalizeOrganizationName } from './organization-name.ts';
import { findOrganizationsByNpi } from './organizations-repository.ts';

export const CLAIM_MESSAGES = {
  notFound: 'We could not find an unclaimed organization with that name and NPI.',
  alreadyClaimed: 'This organization has already been claimed. Sign in or recover your password.',
  emailTaken: 'An account with this e-mail already exists. Sign in or recover your password.',
} as const;

/** Claims per e-mail address; the route limits claims per IP address as well. */
export const CLAIM_LIMIT: LimitRule = { max: 5, windowMs: 60 * 60_000 };

export interface ClaimOrganizationOptions {
  context: AuthContext;
  /** Where the web app is reached; the e-mailed link opens its /setupPassword screen. */
  publicUrl: string;
  email: string;
  npiNumber: string;
  /** The organisation's name as the claimant typed it. */
  organization: string;
}

/**
 * Claims an organisation listed from public records (status draft). The NPI number and the
 * name must both match the listing. The claimant gets a draft account linked to it and an
 * e-mailed link to choose a password; only choosing it, which proves the mailbox, completes
 * the claim (see completeOrganizationClaim). Claiming again with the same e-mail before that
 * sends a fresh link.
 */
export async function claimOrganization({
  context,
  publicUrl,
  email,
  npiNumber,
  organization: organizationName,
}: ClaimOrganizationOptions): Promise<TClaimData> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `claim:${email}`, CLAIM_LIMIT);

  const wantedName = normalizeOrganizationName(organizationName);
  const listed = (await findOrganizationsByNpi(db, npiNumber)).find(
    (candidate) => candidate.name !== null && normalizeOrganizationName(candidate.name) === wantedName,
  );
  if (!listed) throw new AppError('NOT_FOUND', CLAIM_MESSAGES.notFound);
  if (listed.status !== 'draft') throw new AppError('CONFLICT', CLAIM_MESSAGES.alreadyClaimed);

  const existing = await findUserByEmail(db, email);
  const isPendingClaimOfThis =
    existing?.accountStatus === 'draft' && existing.organizationId === listed.id && !existing.archivedAt;
  if (existing && !isPendingClaimOfThis) throw new AppError('CONFLICT', CLAIM_MESSAGES.emailTaken);

  const { token } = await db.transaction(async (tx) => {
    const claimant =
      existing ??
      (await createEmployerAccount({
        db: tx,
        email,
        accountStatus: 'draft',
        organizationId: listed.id,
        isEmailVerified: false,
      }));
    return issueSetPasswordToken(tx, claimant.id);
  });

  const link = `${publicUrl}/setupPassword?${new URLSearchParams({ email, token }).toString()}`;
  await context.mailer.send({
    to: email,
    ...renderSetPasswordMail(listed.name ?? organizationName, link, SET_PASSWORD_VALID_HOURS),
  });
  return { email };
}

/**
 * Completes a claim when its claimant sets the first password, inside that transaction: the
 * organisation leaves draft, and other claims of it still waiting for their link are withdrawn
 * (their draft accounts never had a password). Throws 409 when another claimant was first.
 */
export async function completeOrganizationClaim(
  tx: Db,
  userId: string,
  organizationId: string,
): Promise<void> {
  const [claimed] = await tx
    .update(organizations)
    .set({ status: 'claimed', updatedAt: new Date() })
    .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'draft')))
    .returning({ id: organizations.id });
  if (!claimed) throw new AppError('CONFLICT', CLAIM_MESSAGES.alreadyClaimed);
  await tx
    .delete(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.accountStatus, 'draft'),
        isNull(users.passwordHash),
        ne(users.id, userId),
      ),
    );
}
