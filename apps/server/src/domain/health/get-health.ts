import type { THealth } from '@medhire/contract/health';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { APP_VERSION } from '../../lib/version.ts';

/** Reports the server's state; throws UNAVAILABLE when the database does not answer. */
export async function getHealth({ database }: { database: Database }): Promise<THealth> {
  const reachable = await database.ping();
  const health: THealth = {
    status: 'ok',
    version: APP_VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    database: { reachable, driver: database.driver },
  };
  if (!reachable) {
    throw new AppError('UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.', {
      ...health,
      status: 'unavailable',
    });
  }
  return health;
}
