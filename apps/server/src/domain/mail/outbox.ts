import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** An attachment as the outbox keeps it: a copy of its bytes beside the message. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Absolute path of the copy of the attachment's bytes. */
  file: string;
}

/** A calendar invitation as the outbox keeps it; the `.eml` file carries it as a MIME part too. */
export interface OutboxCalendarEvent {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** The iCalendar text, as sent. */
  content: string;
  filename?: string;
}

/** One message as the outbox keeps it: the readable parts beside the raw `.eml` file. */
export interface OutboxMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Present when the mail carried files; each is also inside the `.eml` file. */
  attachments?: OutboxAttachment[];
  /** Present when the mail carried a calendar invitation (e.g. an interview's REQUEST or CANCEL). */
  icalEvent?: OutboxCalendarEvent;
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
  message: Omit<OutboxMessage, 'emlFile' | 'sentAt' | 'attachments'> & {
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  },
  raw: Buffer,
): Promise<string> {
  const directory = outboxDir(dataDir);
  await mkdir(directory, { recursive: true });
  const sentAt = new Date().toISOString();
  // Names sort by time; the random part keeps two mails in the same millisecond apart.
  const baseName = `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  const emlFile = path.join(directory, `${baseName}.eml`);
  await writeFile(emlFile, raw);
  const { attachments, ...readable } = message;
  const storedAttachments: OutboxAttachment[] = [];
  for (const [index, attachment] of (attachments ?? []).entries()) {
    // The name is the sender's; only its safe characters reach the file system.
    const safeName = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '_');
    // In a folder of their own, so no attachment is ever read as a message's `.json`.
    const file = path.join(directory, 'attachments', `${baseName}-${index + 1}-${safeName}`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, attachment.content);
    storedAttachments.push({
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.content.byteLength,
      file,
    });
  }
  const stored: OutboxMessage = {
    ...readable,
    ...(storedAttachments.length > 0 ? { attachments: storedAttachments } : {}),
    sentAt,
    emlFile,
  };
  // Written beside its final name, then renamed (atomic in one folder): a reader listing the
  // `.json` files never opens one still being written.
  const file = path.join(directory, `${baseName}.json`);
  await writeFile(`${file}.partial`, `${JSON.stringify(stored, null, 2)}\n`);
  await rename(`${file}.partial`, file);
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
    // Six digits on their own: not the tail of a hyphenated number such as an invoice's MH-2026-000123.
    const code = /(?<![-\d])\b(\d{6})\b(?!-)/.exec(message.text)?.[1];
    if (code) return code;
  }
  return undefined;
}
