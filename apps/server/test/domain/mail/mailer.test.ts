import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInviteIcs } from '../../../src/domain/interviews/calendar-invite.ts';
import { createMailer } from '../../../src/domain/mail/mailer.ts';
import { readLatestCode, readOutbox } from '../../../src/domain/mail/outbox.ts';
import { renderOtpMail, renderSetPasswordMail } from '../../../src/domain/mail/templates.ts';

let dataDir: string;
const logged: string[] = [];
const logger = { info: (message: string) => logged.push(message), error: () => {} };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'medhire-mail-'));
  logged.length = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the dev outbox', () => {
  it('writes each mail as .eml and .json with text and HTML parts, and logs where', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      dataDir,
      from: 'MedHire <no-reply@localhost>',
      logger,
    });
    await mailer.send({ to: 'pat@clinic.example', ...renderOtpMail('register', '042917', 10) });

    const [message] = await readOutbox(dataDir, 'PAT@clinic.example');
    expect(message?.subject).toBe('Your MedHire verification code');
    expect(message?.text).toContain('042917');
    expect(message?.html).toContain('042917');
    expect(message?.html).toContain('MedHire');
    const raw = await readFile(message?.emlFile ?? '', 'utf8');
    expect(raw).toContain('To: pat@clinic.example');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('text/html');
    expect(logged).toEqual([
      `Mail to pat@clinic.example: Your MedHire verification code (${message?.emlFile})`,
    ]);
    await mailer.close();
  });

  it('keeps recipients apart and finds the newest code', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      dataDir,
      from: 'MedHire <no-reply@localhost>',
      logger,
    });
    await mailer.send({ to: 'a@clinic.example', ...renderOtpMail('recovery', '111111', 10) });
    mailer.sendInBackground({ to: 'a@clinic.example', ...renderOtpMail('recovery', '222222', 10) });
    await mailer.idle();
    await mailer.send({ to: 'b@clinic.example', ...renderOtpMail('recovery', '333333', 10) });

    expect(await readOutbox(dataDir, 'a@clinic.example')).toHaveLength(2);
    expect(await readLatestCode(dataDir, 'a@clinic.example')).toBe('222222');
    expect(await readLatestCode(dataDir, 'b@clinic.example')).toBe('333333');
    expect(await readOutbox(dataDir, 'nobody@clinic.example')).toEqual([]);
    await mailer.close();
  });

  it('answers an empty list before any mail was sent', async () => {
    expect(await readOutbox(path.join(dataDir, 'missing'), 'a@clinic.example')).toEqual([]);
  });
});

describe('mail templates', () => {
  it('escape what they put into HTML', () => {
    const mail = renderSetPasswordMail(
      'Smith & <Sons>',
      'https://medhire.example/setupPassword?token=a&b',
      72,
    );
    expect(mail.html).toContain('Smith &amp; &lt;Sons&gt;');
    expect(mail.html).not.toContain('<Sons>');
    expect(mail.text).toContain('https://medhire.example/setupPassword?token=a&b');
  });
});

const invite = buildInviteIcs('REQUEST', {
  uid: 'interview-3d6e2f10-7a4b-4c1d-8e9f-0a1b2c3d4e5f@medhire',
  sequence: 0,
  startsAt: new Date('2026-03-09T13:00:00Z'),
  endsAt: new Date('2026-03-09T14:00:00Z'),
  timeZone: 'America/New_York',
  summary: 'Interview: Dr. Jane Roe',
  description: 'Video interview for the Cardiologist position.',
  organizer: { name: 'Pat Lee', email: 'pat@clinic.example' },
  attendees: [{ name: 'Jane Roe', email: 'jane.roe@physician.example' }],
});
const inviteMail = {
  to: 'jane.roe@physician.example',
  subject: 'Interview on Mon, Mar 9, 2026, 9:00 AM EDT',
  text: 'You are invited to an interview.',
  html: '<p>You are invited to an interview.</p>',
  icalEvent: { method: 'REQUEST' as const, content: invite },
};

/** The body parts of a raw message with their headers, unfolded; enough to find the calendar part. */
function partHeaders(raw: string): string[] {
  return raw
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')
    .filter((line) => /^content-type:/i.test(line));
}

/**
 * A minimal SMTP server on loopback: enough of RFC 5321 for nodemailer to deliver one message, so the
 * SMTP path is tested as configured by SMTP_URL without any network.
 */
async function startSmtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 localhost ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            received.push(data.join('\r\n'));
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write(command === 'EHLO' ? '250 localhost\r\n' : '250 OK\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port, received };
}

describe('calendar invitations', () => {
  it('go out by SMTP with a text/calendar; method=REQUEST part and the .ics attached', async () => {
    const { server, port, received } = await startSmtpServer();
    const results: string[] = [];
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir,
      from: 'MedHire <no-reply@medhire.example>',
      logger,
      onResult: (result) => results.push(result),
    });
    try {
      await mailer.send(inviteMail);
    } finally {
      await mailer.close();
      await new Promise((resolve) => server.close(resolve));
    }

    expect(results).toEqual(['sent']);
    expect(received).toHaveLength(1);
    const headers = partHeaders(received[0] as string);
    expect(headers).toContain('Content-Type: text/calendar; charset=utf-8; method=REQUEST');
    expect(
      headers.some((header) => /^Content-Type: application\/ics; name=("?)invite\.ics\1$/.test(header)),
    ).toBe(true);
    expect(headers).toContain('Content-Type: text/plain; charset=utf-8');
    expect(logged).toEqual([
      'Mail to jane.roe@physician.example: Interview on Mon, Mar 9, 2026, 9:00 AM EDT (sent by SMTP)',
    ]);
    // Sent by SMTP, so nothing lands in the outbox.
    expect(await readOutbox(dataDir, 'jane.roe@physician.example')).toEqual([]);
  });

  it('are kept by the outbox, readable and inside the .eml file', async () => {
    const mailer = createMailer({
      smtpUrl: undefined,
      dataDir,
      from: 'MedHire <no-reply@localhost>',
      logger,
    });
    await mailer.send({
      ...inviteMail,
      icalEvent: { method: 'CANCEL', content: invite, filename: 'interview.ics' },
    });
    await mailer.send({ to: 'jane.roe@physician.example', ...renderOtpMail('register', '123456', 10) });
    await mailer.close();

    const [withInvite, plain] = await readOutbox(dataDir, 'jane.roe@physician.example');
    expect(withInvite?.icalEvent).toEqual({ method: 'CANCEL', content: invite, filename: 'interview.ics' });
    expect(plain?.icalEvent).toBeUndefined();
    const raw = await readFile(withInvite?.emlFile ?? '', 'utf8');
    const headers = partHeaders(raw);
    expect(headers).toContain('Content-Type: text/calendar; charset=utf-8; method=CANCEL');
    expect(headers.some((header) => header.includes('interview.ics'))).toBe(true);
    expect(partHeaders(await readFile(plain?.emlFile ?? '', 'utf8')).join('\n')).not.toContain(
      'text/calendar',
    );
    // The outbox still holds exactly one .json and one .eml per mail.
    const names = await readdir(path.join(dataDir, 'outbox'));
    expect(names.filter((name) => name.endsWith('.json'))).toHaveLength(2);
    expect(names.filter((name) => name.endsWith('.eml'))).toHaveLength(2);
  });
});
