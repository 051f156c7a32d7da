import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../domain/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends MedHire's e-mails: SMTP when SMTP_URL is set, else the outbox under DATA_DIR. */
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const { smtpUrl, dataDir, publicUrl } = app.config;
    const mailer = createMailer({
      smtpUrl,
      dataDir,
      from: `MedHire <no-reply@${new URL(publicUrl).hostname}>`,
      logger: app.log,
      onResult: app.metrics.countMail,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['config', 'metrics'] },
);
