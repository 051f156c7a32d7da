import type { TOidcAccountKind } from '@medhire/contract/oidc';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { oidcLogins, type TOidcLoginRow } from '../../../db/schema/oidc.ts';
import { hashToken } from '../secret-token.ts';

/** How long the person has to finish signing in at the provider. */
export const PENDING_LOGIN_VALID_MS = 10 * 60_000;
/** Finished and abandoned sign-ins are deleted once they are this far past their expiry. */
const PENDING_LOGIN_RETENTION_MS = 60 * 60_000;

export interface PendingLogin {
  state: string;
  codeVerifier: string;
  nonce: string;
  browserBinding: string;
  accountKind: TOidcAccountKind;
}

export async function savePendingLogin(db: Db, login: PendingLogin, now = new Date()): Promise<void> {
  await db
    .delete(oidcLogins)
    .where(lt(oidcLogins.expiresAt, new Date(now.getTime() - PENDING_LOGIN_RETENTION_MS)));
  await db.insert(oidcLogins).values({
    stateHash: hashToken(login.state),
    codeVerifier: login.codeVerifier,
    nonce: login.nonce,
    browserBindingHash: hashToken(login.browserBinding),
    accountKind: login.accountKind,
    expiresAt: new Date(now.getTime() + PENDING_LOGIN_VALID_MS),
  });
}

/**
 * Takes the pending sign-in for `state` out of play and returns it, in one statement, so two
 * requests racing with the same state cannot both get it. Undefined when the state is unknown,
 * expired, already used, was started in another browser, or in the other app (which leaves it
 * for its own app to finish).
 */
export async function consumePendingLogin(
  db: Db,
  state: string,
  browserBinding: string,
  accountKind: TOidcAccountKind,
  now = new Date(),
): Promise<TOidcLoginRow | undefined> {
  const [login] = await db
    .update(oidcLogins)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcLogins.stateHash, hashToken(state)),
        eq(oidcLogins.browserBindingHash, hashToken(browserBinding)),
        eq(oidcLogins.accountKind, accountKind),
        isNull(oidcLogins.consumedAt),
        gt(oidcLogins.expiresAt, now),
      ),
    )
    .returning();
  return login;
}
