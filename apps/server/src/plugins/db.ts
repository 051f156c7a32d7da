import fp from 'fastify-plugin';
import type { DataDirCluster } from '../db/data-dir-cluster.ts';
import { createDatabase, type Database, type Db } from '../db/index.ts';
import { DatabaseRestartingError } from '../db/unavailable.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle instance for domain code. */
    db: Db;
    /** The database handle: engine, ping, version and close. */
    database: Database;
  }
}

export interface DbPluginOptions {
  /** An already migrated database to use instead of opening the configured one. */
  database?: Database;
  /** The embedded cluster of DATA_DIR, already starting (see server.ts). */
  cluster?: Promise<DataDirCluster>;
}

/**
 * Opens (and migrates) the configured database unless one is handed in. Either way the
 * app owns it from here on and closes it when the app closes.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    let database = options.database;
    if (!database) {
      database = await createDatabase(app.config, (message) => app.log.info(message), {
        cluster: options.cluster,
      });
      try {
        await database.migrate();
      } catch (error) {
        await database.close();
        throw error;
      }
    }
    const owned = database;
    app.decorate('database', owned);
    app.decorate('db', owned.db);
    // While the embedded cluster restarts after a crash, API calls answer 503 (try again) at once
    // instead of each waiting out its connection attempts; the health check still reports why.
    if (owned.isRestarting) {
      const isRestarting = owned.isRestarting;
      // Callback style: it runs on every request, and an async hook costs a promise each time.
      app.addHook('onRequest', (request, _reply, done) => {
        if (isRestarting() && request.url.startsWith('/api/') && !request.url.startsWith('/api/health')) {
          return done(new DatabaseRestartingError());
        }
        done();
      });
    }
    app.addHook('onClose', async () => {
      await owned.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
