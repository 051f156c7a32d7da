import { NOTIFICATION_MESSAGES, ZUnsubscribeDigestQuery } from '@medhire/contract/notifications';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  readDigestUnsubscribeToken,
  readWeeklySummaryUnsubscribeToken,
} from '../../../domain/notifications/digest-unsubscribe-token.ts';
import { turnOffEmailDigest } from '../../../domain/notifications/notification-preferences.ts';
import { setWeeklySummaryEnabled } from '../../../domain/notifications/weekly-summary-setting.ts';
import { limitPerIp } from '../auth/route-options.ts';

function page(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · MedHire</title></head>
<body>
<main>
<h1>${title}</h1>
<p>${message}</p>
<p><a href="/edit-profile">Notification settings</a></p>
</main>
</body>
</html>
`;
}

/**
 * The digest e-mail's unsubscribe link: GET when a person opens it, POST for the mail client's
 * one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`). No sign-in: the signed token names
 * the user, and all it can do is turn that user's digest off. Answers a small HTML page.
 */
const unsubscribeDigestRoutes: FastifyPluginAsyncZod = async (app) => {
  // One-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; only the token matters.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const handler = async (
    request: FastifyRequest<{ Querystring: { token: string } }>,
    reply: FastifyReply,
  ) => {
    const userId = readDigestUnsubscribeToken(app.config.jwtSecret, request.query.token);
    reply.type('text/html; charset=utf-8');
    if (!userId) {
      return reply.code(400).send(page('Link not valid', NOTIFICATION_MESSAGES.invalidUnsubscribeToken));
    }
    await turnOffEmailDigest(app.db, userId);
    return reply.send(
      page(
        'Unsubscribed',
        `${NOTIFICATION_MESSAGES.digestUnsubscribed} You can turn it back on in your notification settings.`,
      ),
    );
  };

  const schema = {
    tags: ['employer notifications'],
    summary: 'Turn the notification digest e-mail off (the e-mail’s signed link; no sign-in)',
    querystring: ZUnsubscribeDigestQuery,
  };
  app.get('/unsubscribe-digest', { schema, config: limitPerIp(30) }, handler);
  app.post('/unsubscribe-digest', { schema, config: limitPerIp(30) }, handler);

  // The weekly hiring summary's link: the same page, for that e-mail alone.
  const weeklySummaryHandler = async (
    request: FastifyRequest<{ Querystring: { token: string } }>,
    reply: FastifyReply,
  ) => {
    const userId = readWeeklySummaryUnsubscribeToken(app.config.jwtSecret, request.query.token);
    reply.type('text/html; charset=utf-8');
    if (!userId) {
      return reply.code(400).send(page('Link not valid', NOTIFICATION_MESSAGES.invalidUnsubscribeToken));
    }
    await setWeeklySummaryEnabled({ db: app.db, userId, isEnabled: false });
    return reply.send(
      page(
        'Unsubscribed',
        `${NOTIFICATION_MESSAGES.weeklySummaryUnsubscribed} You can turn it back on in your notification settings.`,
      ),
    );
  };
  const weeklySummarySchema = {
    tags: ['employer notifications'],
    summary: 'Turn the weekly hiring summary e-mail off (the e-mail’s signed link; no sign-in)',
    querystring: ZUnsubscribeDigestQuery,
  };
  app.get(
    '/unsubscribe-weekly-summary',
    { schema: weeklySummarySchema, config: limitPerIp(30) },
    weeklySummaryHandler,
  );
  app.post(
    '/unsubscribe-weekly-summary',
    { schema: weeklySummarySchema, config: limitPerIp(30) },
    weeklySummaryHandler,
  );
};

export default unsubscribeDigestRoutes;
