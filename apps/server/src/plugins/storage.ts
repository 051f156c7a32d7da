import fp from 'fastify-plugin';
import { createLocalStorage, type FileStorage } from '../domain/uploads/file-storage.ts';

export type { FileStorage, StorageBody } from '../domain/uploads/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: S3-compatible storage when S3_* is set, else DATA_DIR/uploads served at /uploads/. */
    storage: FileStorage;
  }
}

export default fp(
  async (app) => {
    const { s3, uploadsDir } = app.config;
    if (!s3) {
      app.decorate('storage', createLocalStorage(uploadsDir));
      return;
    }
    const { createS3Client, createS3Storage } = await import('../domain/uploads/s3-storage.ts');
    const client = createS3Client(s3);
    app.decorate('storage', createS3Storage(s3, client));
    app.addHook('onClose', async () => {
      client.destroy();
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
