import { z } from 'zod';

/** `GET /api/health/live`: the process is up (no I/O), for load balancers. */
export const ZLiveness = z.object({ status: z.literal('ok') });
export type TLiveness = z.infer<typeof ZLiveness>;

const ZDependency = z.object({
  reachable: z.boolean(),
  /** Round trip of a trivial command in milliseconds; absent when unreachable. */
  latencyMs: z.number().optional(),
});

/** `GET /api/health`: ready to serve — the database (and Redis when configured) answers. */
export const ZHealth = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: ZDependency.extend({
    /** The cluster the server runs itself, or a PostgreSQL server at DATABASE_URL. */
    engine: z.enum(['embedded-postgres', 'postgres']),
    /** PostgreSQL server version, e.g. "18.1". */
    version: z.string().optional(),
    /** Why the database is unreachable, for a person (only when it is). */
    problem: z.string().optional(),
  }),
  redis: ZDependency.optional(),
});
export type THealth = z.infer<typeof ZHealth>;
