import fp from 'fastify-plugin';
import { createLocalExportStore, type ExportStore } from '../domain/data-export/export-store.ts';
import { createLocalStorage, type FileStorage } from '../domain/uploads/file-storage.ts';

export type { FileStorage, StorageBody } from '../domain/uploads/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: S3-compatible storage when S3_* is set, else DATA_DIR/uploads served at /uploads/. */
    storage: FileStorage;
    /**
     * Data exports: private objects in the same bucket when S3_* is set (downloaded through
     * short-lived signed links), else DATA_DIR/exports, never served statically.
     */
    exportStore: ExportStore;
  }
}

export default fp(
  async (app) => {
    const { s3, uploadsDir, dataDir } = app.config;
    if (!s3) {
      app.decorate('storage', createLocalStorage(uploadsDir));
      app.decorate('exportStore', createLocalExportStore(dataDir));
      return;
    }
    const [{ createS3Client, createS3Storage }, { createS3ExportStore }] = await Promise.all([
      import('../domain/uploads/s3-storage.ts'),
      import('../domain/data-export/s3-export-store.ts'),
    ]);
    const client = createS3Client(s3);
    app.decorate('storage', createS3Storage(s3, client));
    app.decorate('exportStore', createS3ExportStore(s3, client));
    app.addHook('onClose', async () => {
      client.destroy();
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
