/**
 * The owner's notification is named by what the visitor saw: the form's heading or the page's
 * title, with an item page's placeholders filled, never the form's internal name. A tattoo studio's
 * enquiry form, one per artist, says in the subject which artist it is for. The real site, copied
 * alone into a folder of its own, is loaded as the server loads it.
 */
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import { appWithData } from './helpers/app.ts';

const SITE = fileURLToPath(new URL('../sites/inkandoak', import.meta.url));
let ctx: Awaited<ReturnType<typeof appWithData>>;
let fleet = '';
const sent: { message: MailMessage; sending: Promise<unknown> }[] = [];

beforeAll(async () => {
  fleet = await mkdtemp(join(tmpdir(), 'sitewright-tattoo-'));
  await cp(SITE, join(fleet, 'inkandoak'), { recursive: true });
  ctx = await appWithData(fleet);
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = (message) => {
    const sending = send(message);
    sent.push({ message, sending: sending.catch(() => {}) });
    return sending;
  };
});
afterAll(async () => {
  await ctx.app.close();
  await rm(fleet, { recursive: true, force: true });
});

/** A header as written by the mailer (RFC 2047 Q or B words, folded over lines) back to its text. */
const decodeHeader = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );

/** A booking enquiry as a person sends it, ten seconds after the page was shown. */
const enquiry = (artist: string) => {
  const body = new URLSearchParams({
    _t: ctx.services.signer.timeToken(Date.now() - 10_000),
    _form: 'booking-enquiry',
    fullName: 'Sam Visitor',
    email: 'sam@example.com',
    placement: 'Inner left forearm',
    size: 'Palm-sized, 2 to 4 inches',
    coverUp: 'No',
    description: 'A small pressed fern, fine-line, black and grey, nothing too dark.',
    days: 'Tuesday',
    adult: 'on',
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/inkandoak/artists/${artist}`,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
};

describe("the owner's notification of a per-artist enquiry", () => {
  it('names the artist in its subject, not the internal form name', async () => {
    const res = await enquiry('maya-chen');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/inkandoak/maya-chen/thank-you');
    await Promise.all(sent.map((s) => s.sending));
    const owner = sent.map((s) => s.message).filter((m) => m.to === 'studio@inkandoak.example.com');
    expect(owner).toHaveLength(1);
    expect(owner[0]?.subject).toBe('Ink & Oak Tattoo Collective: new message from "Send Maya Chen a booking enquiry"');
    expect(owner[0]?.subject).not.toContain('booking-enquiry');
    // As it is written to the outbox (headers may be folded over lines).
    const dir = join(ctx.dataDir, 'outbox');
    const emls = await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')));
    const subjects = emls.map((eml) => decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(eml)?.[1] ?? ''));
    expect(subjects.some((s) => s.includes('Send Maya Chen a booking enquiry'))).toBe(true);
    expect(subjects.some((s) => s.includes('booking-enquiry'))).toBe(false);
  });
});
