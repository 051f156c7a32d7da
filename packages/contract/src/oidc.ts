import { z } from 'zod';
import { ZSession } from './account.ts';
import { ZPhysicianSession } from './physicians.ts';

/** The professional network whose OpenID Connect sign-in the app offers. */
export const OIDC_PROVIDER_NAME = 'Doximity' as const;

/**
 * Which app a professional-network sign-in belongs to, and so which kind of account it opens:
 * the employer web app's sign-ins open employer accounts, the physician app's physician accounts.
 */
export const OIDC_ACCOUNT_KINDS = ['employer', 'physician'] as const;
export const ZOidcAccountKind = z.enum(OIDC_ACCOUNT_KINDS);
export type TOidcAccountKind = z.infer<typeof ZOidcAccountKind>;

/** Professional-network sign-in (OpenID Connect): whether it is offered, and where it starts. */
export const ZOidcConfigData = z.object({
  enabled: z.boolean(),
  /** The server URL that sends the browser to the provider; null when sign-in is not offered. */
  authorizeUrl: z.string().nullable(),
  providerName: z.literal(OIDC_PROVIDER_NAME),
});
export type TOidcConfigData = z.infer<typeof ZOidcConfigData>;

/** The authorisation code from the provider's redirect, as the path's `{code}`. */
export const ZExchangeCodeParams = z.object({ code: z.string().min(1).max(2048) });
export type TExchangeCodeParams = z.infer<typeof ZExchangeCodeParams>;

/**
 * The rest of the provider's redirect. `state` is optional here so that a missing one gets the
 * same answer as a wrong one (the link has expired), not a validation message. `accountKind`
 * names the app that asks (the employer app when left out): a sign-in started in the other app
 * is refused as unknown, so neither app can be handed the other's kind of session.
 */
export const ZExchangeCodeQuery = z.object({
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  accountKind: ZOidcAccountKind.optional(),
});
export type TExchangeCodeQuery = z.infer<typeof ZExchangeCodeQuery>;

/**
 * What the exchange answers: an employer session (`{ token, user, code }`) for a sign-in started
 * in the employer app, a physician session (`{ token, physician }`) for one started in the
 * physician app — the same answers as each app's password sign-in.
 */
export const ZExchangeCodeData = z.union([ZSession, ZPhysicianSession]);
export type TExchangeCodeData = z.infer<typeof ZExchangeCodeData>;
