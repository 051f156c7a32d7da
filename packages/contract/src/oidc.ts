import { z } from 'zod';

/** The professional network whose OpenID Connect sign-in the app offers. */
export const OIDC_PROVIDER_NAME = 'Doximity' as const;

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
 * same answer as a wrong one (the link has expired), not a validation message.
 */
export const ZExchangeCodeQuery = z.object({
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});
export type TExchangeCodeQuery = z.infer<typeof ZExchangeCodeQuery>;
