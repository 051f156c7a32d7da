import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
