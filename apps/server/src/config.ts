import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import { SERVER_PACKAGE_DIR } from './lib/server-package.ts';

const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_PACKAGE_DIR, '../web/dist');
const DEFAULT_PHYSICIAN_DIST_DIR = path.resolve(SERVER_PACKAGE_DIR, '../physician/dist');
const JWT_SECRET_FILE = 'jwt-secret';
const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The browsers' push services a PushSubscription endpoint may point at (Chrome/Edge through
 * FCM, Firefox, Safari, legacy Edge through WNS). A `*.` entry also matches every subdomain.
 * Anything else would let a user make the server send requests to any address (SSRF).
 */
export const DEFAULT_PUSH_ALLOWED_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;
const MIN_JWT_SECRET_LENGTH = 32;
/** A bearer token short enough to guess is no protection for the operators' metrics. */
const MIN_METRICS_TOKEN_LENGTH = 16;

/** Scheduled backups: how many archives BACKUP_DIR keeps, and when one is made (daily, UTC). */
export const DEFAULT_BACKUP_KEEP = 7;
export const DEFAULT_BACKUP_SCHEDULE = '30 2 * * *';

/** Five cron fields of digits, `*`, ranges, lists and steps (what pg-boss's schedules take). */
function isCronExpression(value: string): boolean {
  const fields = value.split(/\s+/);
  return (
    fields.length === 5 &&
    fields.every((field) => /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/.test(field))
  );
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = (protocols: readonly string[]) =>
  optionalText.refine(
    (value) => value === undefined || isUrlWithProtocol(value, protocols),
    `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
  );

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine(
    (value) =>
      value === undefined || value === '' || ['true', 'false', '1', '0', 'yes', 'no'].includes(value),
    'must be true or false',
  )
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const ZEnv = z.object({
  PORT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : '3000'))
    .refine((value) => /^\d+$/.test(value) && Number(value) <= 65535, 'must be a port number (0-65535)')
    .transform(Number),
  HOST: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || '127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || './data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.refine(
    (value) => value === undefined || isUrlWithProtocol(value, ['mailto:', 'https:']),
    'must be a mailto: or https: URL',
  ),
  PUSH_ALLOWED_HOSTS: optionalText.refine(
    (value) => value === undefined || splitList(value).every((host) => /^(\*\.)?[a-z0-9.-]+$/i.test(host)),
    'must be a comma-separated list of host names such as push.example.com or *.example.com',
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  OIDC_ISSUER: optionalUrl(['https:', 'http:']),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  JWT_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= MIN_JWT_SECRET_LENGTH,
    `must be at least ${MIN_JWT_SECRET_LENGTH} characters long`,
  ),
  DEMO_DATA: booleanFlag,
  LOG_LEVEL: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || 'info')
    .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  WEB_DIST_DIR: optionalText,
  PHYSICIAN_DIST_DIR: optionalText,
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || /^(true|false|[\w.:/, ]+)$/.test(value),
      'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges (e.g. loopback, 10.0.0.0/8)',
    ),
  METRICS_TOKEN: optionalText
    .refine(
      (value) => value === undefined || /^[\x21-\x7e]+$/.test(value),
      'must be printable characters without spaces (it is sent as an Authorization: Bearer header)',
    )
    .refine(
      (value) => value === undefined || value.length >= MIN_METRICS_TOKEN_LENGTH,
      `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`,
    ),
  METRICS_PORT: optionalText
    .refine(
      (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 65535),
      'must be a port number (0-65535)',
    )
    .transform((value) => (value === undefined ? undefined : Number(value))),
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || String(DEFAULT_BACKUP_KEEP))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= 1, 'must be a whole number of 1 or more')
    .transform(Number),
  BACKUP_SCHEDULE: optionalText.refine(
    (value) => value === undefined || isCronExpression(value),
    'must be a cron expression of five fields (minute hour day month weekday), e.g. "30 2 * * *"',
  ),
  CORS_ORIGINS: optionalText.refine(
    (value) =>
      value === undefined ||
      splitList(value).every((origin) => isUrlWithProtocol(origin, ['http:', 'https:'])),
    'must be a comma-separated list of origins such as https://app.example.com',
  ),
});

type TEnv = z.infer<typeof ZEnv>;

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface S3Config {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Prometheus metrics at /metrics: on the public port behind a bearer token, and/or on a port of
 * its own bound to 127.0.0.1. Neither set: no /metrics at all.
 */
export interface MetricsConfig {
  /** METRICS_TOKEN: serve /metrics on the public port to `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** METRICS_PORT: serve /metrics without a token on 127.0.0.1 at this port (0 picks a free one). */
  port: number | undefined;
}

export interface BackupConfig {
  /** Absolute path of the folder scheduled backups are written to. */
  dir: string;
  /** How many scheduled archives are kept; older ones are deleted after each new one. */
  keep: number;
  /** Cron expression (UTC) of the scheduled backup. */
  schedule: string;
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** Absolute path; holds the embedded database, uploads, outbox and generated secrets. */
  dataDir: string;
  uploadsDir: string;
  /** PostgreSQL connection string; undefined selects the embedded PostgreSQL cluster in `DATA_DIR/postgres`. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  s3: S3Config | undefined;
  /** Web Push keys: from VAPID_* when set, else generated once into DATA_DIR/vapid-keys.json. */
  vapid: VapidConfig;
  /** Host names push endpoints may use (the defaults plus PUSH_ALLOWED_HOSTS), lower case. */
  pushAllowedHosts: string[];
  stripe: StripeConfig | undefined;
  oidc: OidcConfig | undefined;
  jwtSecret: string;
  demoData: boolean;
  logLevel: LogLevel;
  webDistDir: string;
  /** The built physician app, served under /physician/. */
  physicianDistDir: string;
  /** Origins allowed to call the API cross-origin; empty keeps CORS closed. */
  corsOrigins: string[];
  /**
   * Whether X-Forwarded-For names the client: off by default, so a client cannot pick its own
   * address; behind a load balancer, its addresses (or true) make rate limits count per user.
   */
  trustProxy: boolean | string;
  metrics: MetricsConfig;
  /** Scheduled backups from the job queue; undefined (BACKUP_DIR unset) turns them off. */
  backup: BackupConfig | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Settings that only work together (S3, VAPID, Stripe, OIDC) are all-or-nothing:
 * setting part of a group is a mistake worth stopping for, not a silent fallback.
 */
function requireGroup<K extends keyof TEnv>(
  env: TEnv,
  group: string,
  required: readonly K[],
  optional: readonly (keyof TEnv)[] = [],
): { [P in K]: string } | undefined {
  const isAnySet = [...required, ...optional].some((name) => env[name] !== undefined);
  if (!isAnySet) return undefined;
  const missing = required.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set when ${group} is configured.`,
    );
  }
  return Object.fromEntries(required.map((name) => [name, String(env[name])])) as { [P in K]: string };
}

/** The VAPID key pair kept in DATA_DIR when VAPID_* are unset: generated on first start. */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const keysPath = path.join(dataDir, VAPID_KEYS_FILE);
  try {
    const stored = JSON.parse(readFileSync(keysPath, 'utf8')) as {
      publicKey?: unknown;
      privateKey?: unknown;
    };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
    throw new ConfigError(
      `Invalid configuration: ${keysPath} (used because VAPID_* are unset) does not hold a VAPID key pair.`,
    );
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new ConfigError(`Invalid configuration: ${keysPath} is not valid JSON.`);
    }
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webPush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(keysPath, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateVapidKeys(dataDir);
    throw error;
  }
  chmodSync(keysPath, 0o600);
  return keys;
}

function readOrCreateJwtSecret(dataDir: string): string {
  const secretPath = path.join(dataDir, JWT_SECRET_FILE);
  try {
    const stored = readFileSync(secretPath, 'utf8').trim();
    if (stored.length >= MIN_JWT_SECRET_LENGTH) return stored;
    throw new ConfigError(
      `Invalid configuration: ${secretPath} (used because JWT_SECRET is unset) holds a secret shorter than ${MIN_JWT_SECRET_LENGTH} characters.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  // 'wx' never overwrites a secret another process wrote in the meantime.
  try {
    writeFileSync(secretPath, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateJwtSecret(dataDir);
    throw error;
  }
  chmodSync(secretPath, 0o600);
  return secret;
}

/**
 * The single reader of the environment. Validates every variable once at start-up and
 * throws a ConfigError naming each malformed variable, so the server refuses to start
 * instead of failing later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  const values = parsed.data;

  const s3 = requireGroup(
    values,
    'S3 storage',
    ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ['S3_ENDPOINT'],
  );
  const vapid = requireGroup(values, 'Web Push', ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']);
  const stripe = requireGroup(values, 'Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  const oidc = requireGroup(values, 'OpenID Connect sign-in', [
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
  ]);

  if (values.METRICS_PORT !== undefined && values.METRICS_PORT !== 0 && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      'Invalid configuration: METRICS_PORT must differ from PORT (the metrics listener is a server of its own).',
    );
  }

  const dataDir = path.resolve(values.DATA_DIR);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');

  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    s3: s3 && {
      endpoint: values.S3_ENDPOINT,
      bucket: s3.S3_BUCKET,
      region: s3.S3_REGION,
      accessKeyId: s3.S3_ACCESS_KEY_ID,
      secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    },
    vapid: vapid
      ? {
          publicKey: vapid.VAPID_PUBLIC_KEY,
          privateKey: vapid.VAPID_PRIVATE_KEY,
          subject: vapid.VAPID_SUBJECT,
        }
      : { ...readOrCreateVapidKeys(dataDir), subject: `mailto:no-reply@${new URL(publicUrl).hostname}` },
    pushAllowedHosts: [
      ...new Set([
        ...DEFAULT_PUSH_ALLOWED_HOSTS,
        ...splitList(values.PUSH_ALLOWED_HOSTS ?? '').map((host) => host.toLowerCase()),
      ]),
    ],
    stripe: stripe && { secretKey: stripe.STRIPE_SECRET_KEY, webhookSecret: stripe.STRIPE_WEBHOOK_SECRET },
    oidc: oidc && {
      issuer: oidc.OIDC_ISSUER,
      clientId: oidc.OIDC_CLIENT_ID,
      clientSecret: oidc.OIDC_CLIENT_SECRET,
    },
    jwtSecret: values.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    demoData: values.DEMO_DATA,
    logLevel: values.LOG_LEVEL,
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    physicianDistDir: values.PHYSICIAN_DIST_DIR
      ? path.resolve(values.PHYSICIAN_DIST_DIR)
      : DEFAULT_PHYSICIAN_DIST_DIR,
    corsOrigins: values.CORS_ORIGINS
      ? splitList(values.CORS_ORIGINS).map((origin) => new URL(origin).origin)
      : [],
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    metrics: { token: values.METRICS_TOKEN, port: values.METRICS_PORT },
    backup: values.BACKUP_DIR
      ? {
          dir: path.resolve(values.BACKUP_DIR),
          keep: values.BACKUP_KEEP,
          schedule: values.BACKUP_SCHEDULE ?? DEFAULT_BACKUP_SCHEDULE,
        }
      : undefined,
  };
}

/**
 * Only where the installation's data lives (DATA_DIR, DATABASE_URL), validated like
 * `loadConfig` but without its side effects: `loadConfig` generates the secrets of an empty
 * DATA_DIR, which a restore must find empty.
 */
export function loadDataLocation(
  env: NodeJS.ProcessEnv = process.env,
): Pick<AppConfig, 'dataDir' | 'databaseUrl'> {
  const parsed = ZEnv.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  return { dataDir: path.resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
