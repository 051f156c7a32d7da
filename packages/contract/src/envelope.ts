import { z } from 'zod';

/**
 * Every API answer carries `success` (spec §7). Success bodies are
 * `{ success: true, message?, data }`; failures are `{ success: false, error }`.
 */
export const ZErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZFailure = z.object({ success: z.literal(false), error: ZErrorBody });
export type TFailure = z.infer<typeof ZFailure>;

export const ok = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data });

export type TSuccess<T> = { success: true; message?: string; data: T };
export type TEnvelope<T> = TSuccess<T> | TFailure;

/** Paging in (1-based) and out, as ARCHITECTURE.md fixes it. */
export const ZPageQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
