import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text (an update to a list). */
  html?: string;
  /** More header lines (List-Unsubscribe and List-Unsubscribe-Post on an update). */
  headers?: Record<string, string>;
  replyTo?: string;
  /** Files sent with the message (a gift certificate's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Where mail goes, for the start-up log: "SMTP smtp.example.com" or "outbox data/outbox (test mode)". */
  readonly describe: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * E-mail through nodemailer. With SMTP_URL set, real SMTP; otherwise every message is written
 * as an .eml file to the outbox folder in the data folder and logged: nothing leaves the
 * machine, and the flow still completes (test mode).
 */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string; log?: (line: string) => void }): Mailer {
  const from = options.from;
  const dkim = dkimOptions();
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, dkim ? { dkim } : {});
    const host = new URL(options.smtpUrl).hostname;
    return {
      describe: `SMTP ${host}`,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...(dkim ? { dkim } : {}) });
  return {
    describe: `outbox ${options.outboxDir} (test mode: no mail leaves this machine)`,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Mail holds what visitors wrote: readable by this server's user alone.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log?.(`mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}

/** DKIM signing of every message, when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (PEM) are all set. */
export function dkimOptions(env: NodeJS.ProcessEnv = process.env): { domainName: string; keySelector: string; privateKey: string } | undefined {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY: privateKey } = env;
  if (!domainName || !keySelector || !privateKey) return undefined;
  return { domainName, keySelector, privateKey: privateKey.replace(/\\n/g, '\n') };
}
