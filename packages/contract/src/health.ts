import { z } from 'zod';

export const ZHealth = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
});
export type THealth = z.infer<typeof ZHealth>;
