import { EventEmitter } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../runtime/services/mail.ts';
import { appWithData } from './helpers/app.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let server: SMTPServer;
let port: number;
const inbox: Received[] = [];
const arrivals = new EventEmitter();

/** The first message in the inbox that matches, as soon as it arrives. */
function received(match: (m: Received) => boolean): Promise<Received> {
  return new Promise((resolve) => {
    const check = () => {
      const found = inbox.find(match);
      if (!found) return;
      arrivals.off('mail', check);
      resolve(found);
    };
    arrivals.on('mail', check);
    check();
  });
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        arrivals.emit('mail');
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mail over real SMTP', () => {
  it('sends through the SMTP server named in SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent', from: 'Sitewright <no-reply@sitewright.example.com>' });
    expect(mailer.describe).toBe('SMTP 127.0.0.1');
    await mailer.send({ to: 'owner@example.com', subject: 'Hello', text: 'A test message.' });
    const last = inbox.at(-1);
    expect(last?.to).toEqual(['owner@example.com']);
    expect(last?.data).toContain('Subject: Hello');
  });

  it('notifies the site owner of a form submission over SMTP', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      const ctx = await appWithData();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/gamma/contact',
        payload: new URLSearchParams({
          _form: 'contact',
          fullName: 'Tom Reyes',
          email: 'tom@example.com',
          message: 'Crack in the foundation wall.',
          _t: ctx.services.signer.timeToken(Date.now() - 10_000),
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(303);
      // The notification goes out after the visitor has the answer: wait for it to arrive.
      await received((m) => m.to.includes('leads@gamma.example.com') && m.data.includes('Crack in the foundation wall.'));
      await ctx.app.close();
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});
