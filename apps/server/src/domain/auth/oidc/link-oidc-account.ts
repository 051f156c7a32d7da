import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { type TUserRow, users } from '../../../db/schema/accounts.ts';
import { oidcIdentities } from '../../../db/schema/oidc.ts';
import { accessRefusal } from '../account-access.ts';
import { findUserByEmail } from '../accounts-repository.ts';
import { createEmployerAccount } from '../create-employer-account.ts';

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased; the provider has vouched for it. */
  email: string;
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

/**
 * The employer account a person at the provider signs in to. The (issuer, subject) pair is the
 * lasting link, so a later change of e-mail at the provider still finds the same account. The
 * first sign-in links by e-mail: an existing account with that e-mail (which the provider has
 * verified, as an e-mailed code would) or else a new pending account, which then establishes its
 * organisation profile like any newly registered employer. Accounts that may not sign in are
 * refused before anything is linked to them.
 */
export async function linkOidcAccount(
  db: Db,
  identity: ProviderIdentity,
  now = new Date(),
): Promise<TUserRow> {
  return db.transaction(async (tx) => {
    const linked = await findLinkedUser(tx, identity.issuer, identity.subject);
    const sameIdentity = and(
      eq(oidcIdentities.issuer, identity.issuer),
      eq(oidcIdentities.subject, identity.subject),
    );
    if (linked && !linked.archivedAt) {
      await tx.update(oidcIdentities).set({ lastSignInAt: now }).where(sameIdentity);
      return linked;
    }
    // A deleted account gave up its e-mail for a fresh registration; the same goes for its
    // link, so the person starts over as on their first sign-in.
    if (linked) await tx.delete(oidcIdentities).where(sameIdentity);

    const existing = await findUserByEmail(tx, identity.email);
    if (existing) {
      const refusal = accessRefusal(existing);
      if (refusal) throw refusal;
    }
    let user =
      existing ??
      (await createEmployerAccount({
        db: tx,
        email: identity.email,
        accountStatus: 'pending',
        isEmailVerified: true,
      }));
    if (!user.emailVerifiedAt) {
      const [verified] = await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
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
    // A simultaneous first sign-in of the same person linked the account already.
    return (await findLinkedUser(tx, identity.issuer, identity.subject)) ?? user;
  });
}
