import type { Db } from '../../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What team operations need from the running server. */
export interface TeamContext {
  db: Db;
  mailer: Mailer;
  /** Where the web app is reached: invitation links point there. */
  publicUrl: string;
}

/** The signed-in member acting on the team. */
export interface TeamActor {
  userId: string;
  organizationId: string | null;
  memberRole: 'owner' | 'admin' | 'recruiter' | 'delegate';
}
