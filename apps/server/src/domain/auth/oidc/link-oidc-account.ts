import type { TOidcAccountKind } from '@medhire/contract/oidc';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { type TUserRow, users } from '../../../db/schema/accounts.ts';
import { oidcIdentities } from '../../../db/schema/oidc.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createPhysicianAccounts } from '../../physicians/create-physician-accounts.ts';
import { accessRefusal } from '../account-access.ts';
import { findUserByEmail, findUserById } from '../accounts-repository.ts';
import { physicianAccountRefusal } from '../authenticate-session.ts';
import { createEmployerAccount } from '../create-employer-account.ts';

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased; the provider has vouched for it. */
  email: string;
}

/** The person's name as the provider gave it; empty where it gave none. */
export interface ProviderName {
  firstName: string;
  lastName: string;
}

export interface OidcAccountRequest {
  identity: ProviderIdentity;
  /** The app the sign-in was started in: only an account of this kind may be signed in to. */
  accountKind: TOidcAccountKind;
  /** For a new physician account's profile. */
  name?: ProviderName;
}

export const EMPLOYER_EMAIL_FOR_PHYSICIAN_MESSAGE =
  'The e-mail address of your Doximity account belongs to a MedHire employer account, so it cannot sign in to the physician app. Sign in to the employer app with it, or create your physician account with another e-mail address.';

/** A physician sign-in whose person turns out to hold an employer account: nothing is linked. */
function employerAccountForPhysician(): AppError {
  return new AppError('FORBIDDEN', EMPLOYER_EMAIL_FOR_PHYSICIAN_MESSAGE, { reason: 'EMPLOYER_ACCOUNT' });
}

function kindRefusal(user: TUserRow, accountKind: TOidcAccountKind): AppError | undefined {
  if (user.role === accountKind) return undefined;
  return accountKind === 'physician' ? employerAccountForPhysician() : physicianAccountRefusal();
}

async function findLinkedUser(db: Db, issuer: string, subject: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

/** A physician account for the person, e-mail confirmed by the provider, no password. */
async function createPhysicianAccount(db: Db, email: string, name: ProviderName): Promise<TUserRow> {
  const [created] = await createPhysicianAccounts({
    db,
    physicians: [{ email, ...name }],
    passwordHash: null,
    isEmailVerified: true,
  });
  const user = created && (await findUserById(db, created.userId));
  if (!user) throw new AppError('INTERNAL', 'The physician account could not be created.');
  return user;
}

/**
 * The account a person at the provider signs in to, of the kind the sign-in was started for.
 * The (issuer, subject) pair is the lasting link, so a later change of e-mail at the provider
 * still finds the same account. The first sign-in links by e-mail: an existing account with that
 * e-mail (which the provider has verified, as an e-mailed code would) or else a new one — a
 * pending employer account, which then establishes its organisation profile like any newly
 * registered employer, or a physician account, which completes its profile like any new
 * physician. Accounts that may not sign in, and accounts of the other kind, are refused inside
 * the transaction, so nothing is linked to them or changed on them.
 */
export async function linkOidcAccount(
  db: Db,
  { identity, accountKind, name = { firstName: '', lastName: '' } }: OidcAccountRequest,
  now = new Date(),
): Promise<TUserRow> {
  return db.transaction(async (tx) => {
    const linked = await findLinkedUser(tx, identity.issuer, identity.subject);
    const sameIdentity = and(
      eq(oidcIdentities.issuer, identity.issuer),
      eq(oidcIdentities.subject, identity.subject),
    );
    if (linked && !linked.archivedAt) {
      const refusal = kindRefusal(linked, accountKind);
      if (refusal) throw refusal;
      await tx.update(oidcIdentities).set({ lastSignInAt: now }).where(sameIdentity);
      return linked;
    }
    // A deleted account gave up its e-mail for a fresh registration; the same goes for its
    // link, so the person starts over as on their first sign-in.
    if (linked) await tx.delete(oidcIdentities).where(sameIdentity);

    const existing = await findUserByEmail(tx, identity.email);
    if (existing) {
      const refusal = accessRefusal(existing) ?? kindRefusal(existing, accountKind);
      if (refusal) throw refusal;
    }
    let user =
      existing ??
      (accountKind === 'physician'
        ? await createPhysicianAccount(tx, identity.email, name)
        : await createEmployerAccount({
            db: tx,
            email: identity.email,
            accountStatus: 'pending',
            isEmailVerified: true,
          }));
    if (!user.emailVerifiedAt) {
      const [verified] = await tx
        .update(users)
        .set({
          emailVerifiedAt: now,
          updatedAt: now,
          // A sign-up that was never confirmed has a password nobody proved to own the
          // mailbox with: whoever typed it (perhaps someone who registered the address ahead
          // of its owner) must not share the account the provider's person now signs in to.
          // The owner can set one through password recovery.
          passwordHash: null,
        })
        .where(eq(users.id, user.id))
        .returning();
      user = verified ?? user;
    }

    const [created] = await tx
      .insert(oidcIdentities)
      .values({ userId: user.id, ...identity, createdAt: now, lastSignInAt: now })
      .onConflictDoNothing({ target: [oidcIdentities.issuer, oidcIdentities.subject] })
      .returning({ userId: oidcIdentities.userId });
    if (created) return user;
    // A simultaneous first sign-in of the same person linked an account already.
    const raced = (await findLinkedUser(tx, identity.issuer, identity.subject)) ?? user;
    const refusal = kindRefusal(raced, accountKind);
    if (refusal) throw refusal;
    return raced;
  });
}
