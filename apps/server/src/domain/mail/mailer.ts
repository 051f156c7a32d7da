import type { Transporter } from 'nodemailer';
import { AppError } from '../../lib/app-error.ts';
import { writeOutboxMessage } from './outbox.ts';
import type { MailContent } from './templates.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * A calendar invitation carried by the mail (built by domain/interviews/calendar-invite.ts). nodemailer
 * puts it in twice, as the `text/calendar; method=…` alternative that mail clients show as an invitation
 * with answer buttons, and as an `invite.ics` attachment for the rest. `method` must match the METHOD
 * line of `content`.
 */
export interface MailCalendarEvent {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  content: string;
  /** Name of the attached copy; 'invite.ics' when absent. */
  filename?: string;
}

export interface MailMessage extends MailContent {
  to: string;
  /** Extra headers, e.g. List-Unsubscribe of the digest. */
  headers?: Record<string, string>;
  /** Files sent with the mail, e.g. the invoice PDF of a receipt. */
  attachments?: MailAttachment[];
  /** A calendar invitation or cancellation, e.g. of an interview. */
  icalEvent?: MailCalendarEvent;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends without holding up the caller; failures are logged. See `idle`. */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every background send has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MailLogger {
  info(message: string): void;
  error(context: object, message: string): void;
}

export interface MailerOptions {
  /** nodemailer SMTP URL; without it mail goes to the outbox under `dataDir`. */
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
  logger: MailLogger;
  /** Told of every send's result (the operators' metrics). */
  onResult?: (result: 'sent' | 'failed') => void;
}

/**
 * SMTP when configured. Otherwise the outbox: each message is written as `.eml` and `.json`
 * under `DATA_DIR/outbox` and announced in the log, so someone trying MedHire locally can
 * read the codes it sends.
 */
export function createMailer({ smtpUrl, dataDir, from, logger, onResult }: MailerOptions): Mailer {
  // The transport (and nodemailer with it) is made on the first send, not at start-up.
  let creatingTransport: Promise<Transporter> | undefined;
  const transport = () => {
    creatingTransport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return creatingTransport;
  };
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    try {
      await deliver(message);
      onResult?.('sent');
    } catch (error) {
      onResult?.('failed');
      logger.error({ err: error }, `Mail to ${message.to} could not be sent`);
      throw new AppError(
        'UNAVAILABLE',
        'We could not send the e-mail just now. Please try again in a few minutes.',
      );
    }
  }

  async function deliver(message: MailMessage): Promise<void> {
    const info = await (await transport()).sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      attachments: message.attachments,
      // Only the content string is passed on, never a path or URL nodemailer would read.
      icalEvent: message.icalEvent
        ? {
            method: message.icalEvent.method,
            content: message.icalEvent.content,
            filename: message.icalEvent.filename ?? 'invite.ics',
          }
        : undefined,
    });
    if (smtpUrl) {
      logger.info(`Mail to ${message.to}: ${message.subject} (sent by SMTP)`);
      return;
    }
    const emlFile = await writeOutboxMessage(dataDir, { ...message, from }, info.message as Buffer);
    logger.info(`Mail to ${message.to}: ${message.subject} (${emlFile})`);
  }

  return {
    send,
    sendInBackground(message) {
      const sending = send(message)
        .catch(() => {})
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      while (pending.size > 0) await Promise.all(pending);
      if (creatingTransport) (await creatingTransport).close();
    },
  };
}
