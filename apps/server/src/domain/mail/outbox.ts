import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One message as the outbox keeps it: the readable parts beside the raw `.eml` file. */
export interface OutboxMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  sentAt: string;
  /** Absolute path of the raw RFC 5322 message, openable in any mail client. */
  emlFile: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Writes the message; returns the path of its `.eml` file. */
export async function writeOutboxMessage(
  dataDir: string,
  message: Omit<OutboxMessage, 'emlFile' | 'sentAt'>,
  raw: Buffer,
): Promise<string> {
  const directory = outboxDir(dataDir);
  await mkdir(directory, { recursive: true });
  const sentAt = new Date().toISOString();
  // Names sort by time; the random part keeps two mails in the same millisecond apart.
  const baseName = `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  const emlFile = path.join(directory, `${baseName}.eml`);
  await writeFile(emlFile, raw);
  const stored: OutboxMessage = { ...message, sentAt, emlFile };
  await writeFile(path.join(directory, `${baseName}.json`), `${JSON.stringify(stored, null, 2)}\n`);
  return emlFile;
}

/** Every message sent to `email`, oldest first. */
export async function readOutbox(dataDir: string, email: string): Promise<OutboxMessage[]> {
  const directory = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const recipient = email.trim().toLowerCase();
  const messages = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map(async (name) => JSON.parse(await readFile(path.join(directory, name), 'utf8')) as OutboxMessage),
  );
  return messages.filter((message) => message.to.toLowerCase() === recipient);
}

/** The 6-digit code of the newest message to `email` that carries one. */
export async function readLatestCode(dataDir: string, email: string): Promise<string | undefined> {
  const messages = await readOutbox(dataDir, email);
  for (const message of messages.reverse()) {
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    if (code) return code;
  }
  return undefined;
}
