import fp from 'fastify-plugin';
import { SendBatcher } from '../domain/conversations/send-batcher.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Group commit of the send routes' messages (domain/conversations/send-batcher.ts). */
    sendBatcher: SendBatcher;
  }
}

/** One batcher per server: the sends of both sides' routes share its statements. */
export default fp(
  async (app) => {
    app.decorate(
      'sendBatcher',
      new SendBatcher(app.db, {
        onBatchFailure: (error, sends) =>
          app.log.warn({ err: error, sends }, 'A batch of messages failed whole; sending each on its own'),
      }),
    );
  },
  { name: 'send-batcher', dependencies: ['db'] },
);
