import type { Db } from '../../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';

/** What account operations need from the running server; built once by the auth plugin. */
export interface AuthContext {
  db: Db;
  mailer: Mailer;
  limiter: AttemptLimiter;
  /** Server secret keying the one-time-code hashes. */
  secret: string;
  /** PUBLIC_URL: the passkeys' relying party (its host name) and the only origin they accept. */
  publicUrl: string;
}
