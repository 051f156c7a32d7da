import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDataLocation } from '../src/config.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const SECRET = 'a-configured-secret-with-enough-characters-1234';

describe('loadConfig', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'medhire-config-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });

    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      s3: undefined,
      vapid: {
        publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
        privateKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        subject: 'mailto:no-reply@localhost',
      },
      pushAllowedHosts: expect.arrayContaining(['fcm.googleapis.com', 'updates.push.services.mozilla.com']),
      stripe: undefined,
      oidc: undefined,
      jwtSecret: SECRET,
      demoData: false,
      logLevel: 'info',
      corsOrigins: [],
      trustProxy: false,
      metrics: { token: undefined, port: undefined },
    });
    expect(config.webDistDir).toBe(path.resolve(SERVER_DIR, '../web/dist'));
    expect(config.physicianDistDir).toBe(path.resolve(SERVER_DIR, '../physician/dist'));
  });

  it('generates the VAPID key pair into DATA_DIR once and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    const second = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET });
    expect(second.vapid).toEqual(first.vapid);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8')).publicKey).toBe(
      first.vapid.publicKey,
    );
  });

  it('adds PUSH_ALLOWED_HOSTS to the push services allowed by default', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      PUSH_ALLOWED_HOSTS: 'LocalHost, *.push.example',
    });
    expect(config.pushAllowedHosts).toEqual(
      expect.arrayContaining(['fcm.googleapis.com', 'localhost', '*.push.example']),
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, PUSH_ALLOWED_HOSTS: 'https://x.example/' }),
    ).toThrow(/PUSH_ALLOWED_HOSTS must be a comma-separated list/);
  });

  it('defaults DATA_DIR to ./data resolved to an absolute path', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('derives PUBLIC_URL from PORT and reads every other variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://user:pw@db.internal:5432/medhire',
      REDIS_URL: 'redis://cache.internal:6379',
      SMTP_URL: 'smtp://mailer:secret@smtp.internal:587',
      S3_ENDPOINT: 'https://storage.example.com',
      S3_BUCKET: 'medhire-uploads',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
      VAPID_PUBLIC_KEY: 'public-key',
      VAPID_PRIVATE_KEY: 'private-key',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'client',
      OIDC_CLIENT_SECRET: 'client-secret',
      JWT_SECRET: SECRET,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'DEBUG',
      WEB_DIST_DIR: 'relative/dist',
      PHYSICIAN_DIST_DIR: 'relative/physician-dist',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/',
    });

    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      databaseUrl: 'postgres://user:pw@db.internal:5432/medhire',
      redisUrl: 'redis://cache.internal:6379',
      smtpUrl: 'smtp://mailer:secret@smtp.internal:587',
      s3: {
        endpoint: 'https://storage.example.com',
        bucket: 'medhire-uploads',
        region: 'us-east-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'key-secret',
      },
      vapid: { publicKey: 'public-key', privateKey: 'private-key', subject: 'mailto:ops@example.com' },
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1' },
      oidc: { issuer: 'https://id.example.com', clientId: 'client', clientSecret: 'client-secret' },
      demoData: true,
      logLevel: 'debug',
      webDistDir: path.resolve('relative/dist'),
      physicianDistDir: path.resolve('relative/physician-dist'),
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
    });
  });

  it('keeps an explicit PUBLIC_URL without its trailing slash', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      PUBLIC_URL: 'https://hire.example.com/',
    });
    expect(config.publicUrl).toBe('https://hire.example.com');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'hire.example.com'],
    ['DATABASE_URL', 'mysql://localhost/medhire'],
    ['REDIS_URL', 'localhost:6379'],
    ['SMTP_URL', 'mail.example.com'],
    ['S3_ENDPOINT', 'not a url'],
    ['VAPID_SUBJECT', 'ops@example.com'],
    ['OIDC_ISSUER', 'id.example.com'],
    ['JWT_SECRET', 'short'],
    ['DEMO_DATA', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGINS', 'https://ok.example.com,not-an-origin'],
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['METRICS_PORT', '9O90'],
    ['METRICS_PORT', '65536'],
  ])('refuses a malformed %s (%s) and names it', (name, value) => {
    const env = { DATA_DIR: dataDir, JWT_SECRET: SECRET, [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads METRICS_TOKEN and METRICS_PORT', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      METRICS_TOKEN: 'scrape-token-0123456789',
      METRICS_PORT: '9464',
    });
    expect(config.metrics).toEqual({ token: 'scrape-token-0123456789', port: 9464 });
  });

  it('refuses a METRICS_PORT equal to PORT', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, PORT: '8080', METRICS_PORT: '8080' }),
    ).toThrow(/METRICS_PORT must differ from PORT/);
  });

  it('names every malformed variable at once', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x', LOG_LEVEL: 'loud', JWT_SECRET: SECRET })).toThrow(
      /PORT.*LOG_LEVEL/,
    );
  });

  it.each([
    ['S3_BUCKET', { S3_BUCKET: 'uploads' }, /S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: 'key' }, /VAPID_PRIVATE_KEY, VAPID_SUBJECT/],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'sk' }, /STRIPE_WEBHOOK_SECRET/],
    ['OIDC_CLIENT_ID', { OIDC_CLIENT_ID: 'client' }, /OIDC_ISSUER, OIDC_CLIENT_SECRET/],
  ])('refuses %s without the rest of its group, naming what is missing', (_name, partial, missing) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, ...partial })).toThrow(missing);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      PORT: '',
      REDIS_URL: '',
      DEMO_DATA: '',
    });
    expect(config.port).toBe(3000);
    expect(config.redisUrl).toBeUndefined();
    expect(config.demoData).toBe(false);
  });

  it('generates JWT_SECRET into DATA_DIR/jwt-secret with mode 0600 and reuses it on the next start', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const secretPath = path.join(dataDir, 'jwt-secret');

    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(secretPath, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('creates DATA_DIR when it does not exist yet', () => {
    const nested = path.join(dataDir, 'not', 'yet');
    expect(loadConfig({ DATA_DIR: nested }).jwtSecret).toBe(
      readFileSync(path.join(nested, 'jwt-secret'), 'utf8').trim(),
    );
  });

  it('prefers JWT_SECRET from the environment and writes no file', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
    expect(() => statSync(path.join(dataDir, 'jwt-secret'))).toThrow();
  });

  it('refuses a stored secret that is too short', () => {
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'short\n');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/jwt-secret/);
  });

  it('leaves scheduled backups off unless BACKUP_DIR is set, then keeps 7 daily by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).backup).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, BACKUP_DIR: 'backups' }).backup).toEqual({
      dir: path.resolve('backups'),
      keep: 7,
      schedule: '30 2 * * *',
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: SECRET,
        BACKUP_DIR: '/srv/backups',
        BACKUP_KEEP: '14',
        BACKUP_SCHEDULE: '0 */6 * * 1-5',
      }).backup,
    ).toEqual({ dir: '/srv/backups', keep: 14, schedule: '0 */6 * * 1-5' });
  });

  it('stops on a malformed BACKUP_KEEP or BACKUP_SCHEDULE, naming it', () => {
    const load = (extra: Record<string, string>) => () =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, BACKUP_DIR: '/srv/backups', ...extra });
    expect(load({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be a whole number of 1 or more/);
    expect(load({ BACKUP_KEEP: 'seven' })).toThrow(/BACKUP_KEEP/);
    expect(load({ BACKUP_SCHEDULE: 'daily' })).toThrow(/BACKUP_SCHEDULE must be a cron expression/);
    expect(load({ BACKUP_SCHEDULE: '30 2 * *' })).toThrow(/BACKUP_SCHEDULE/);
  });

  it('reads where the data lives without writing anything into DATA_DIR', () => {
    const empty = path.join(dataDir, 'restore-target');
    expect(loadDataLocation({ DATA_DIR: empty })).toEqual({ dataDir: empty, databaseUrl: undefined });
    expect(() => statSync(empty)).toThrow();
    expect(() => loadDataLocation({ DATA_DIR: empty, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
