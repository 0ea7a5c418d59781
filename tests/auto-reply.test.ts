/**
 * A form's automatic reply: the site's own words, to the address typed into the form, sent once the
 * submission is stored, never repeating what the visitor typed, at most once an hour to one address
 * from a site, and never in the way of the submission when mail fails.
 */
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import { PostLimits } from '../runtime/server/limits.ts';
import { appWithData } from './helpers/app.ts';
import { testClock } from './helpers/clock.ts';
import { postForm } from './helpers/posts.ts';
import { BASE_YAML, problemsOf } from './helpers/site.tsx';

const REPLY = `autoReply:
          subject: "Thank you for writing to {site}"
          text: |
            We have your message and reply within two working days.
            For an emergency, call 555-0142.`;

const SITE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Gentle care
  - path: /contact
    title: Contact
    blocks:
      - type: form
        form: contact
        ${REPLY}
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: E-mail, kind: email, required: true }
          - { name: message, label: Message, kind: textarea, required: true }
  - path: /apply
    title: Join the team
    blocks:
      - type: form
        form: application
        personal: true
        autoReply:
          text: Thank you for applying to {site}. We read every application.
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: E-mail, kind: email, required: true }
          - { name: history, label: Medical history, kind: textarea, required: true }
`;

const clock = testClock();
let ctx: Awaited<ReturnType<typeof appWithData>>;
/** Every message the server hands to its mailer, with the promise of its being written to the outbox. */
const sent: { message: MailMessage; written: Promise<void>; storedBefore: number }[] = [];
let failReplies = false;

beforeAll(async () => {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-auto-reply-'));
  await mkdir(join(sites, 'smiles'));
  await writeFile(join(sites, 'smiles', 'site.yaml'), SITE);
  ctx = await appWithData(sites, undefined, undefined, { signer: { now: clock.now }, now: clock.now });
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = async (message) => {
    const tenant = await ctx.services.store.tenant('smiles');
    const storedBefore = await tenant.count('submissions');
    const written = failReplies && !message.to.endsWith('@maplefalls.example.com') ? Promise.reject(new Error('SMTP said no')) : send(message);
    sent.push({ message, written: written.catch(() => {}), storedBefore });
    return written;
  };
});
afterAll(() => ctx.app.close());

const post = (path: string, fields: Record<string, string>) =>
  postForm(ctx.app, `/smiles${path}`, { _t: ctx.services.signer.timeToken(clock.now() - 10_000), ...fields });
const contact = (email: string, message = 'My crown came loose at dinner.') => post('/contact', { _form: 'contact', fullName: 'Ann Lee', email, message });
const repliesTo = (email: string) => sent.filter((s) => s.message.to === email);

/** A message as it was written to the outbox, its quoted-printable lines joined and decoded. */
async function outboxed(to: string): Promise<string[]> {
  await Promise.all(sent.map((s) => s.written));
  const dir = join(ctx.dataDir, 'outbox');
  const all = await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')));
  return all
    .map((eml) => eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((eml) => eml.split(/\r?\n/).includes(`To: ${to}`));
}

describe('an automatic reply', () => {
  it('goes to the address typed into the form, in the YAML words with the site named, after the submission is stored', async () => {
    const res = await contact('ann@example.com');
    expect(res.statusCode).toBe(303);
    const [reply, ...more] = await outboxed('ann@example.com');
    expect(more).toEqual([]);
    expect(reply).toContain('Subject: Thank you for writing to Maple Falls Dental');
    expect(reply).toContain('We have your message and reply within two working days.\nFor an emergency, call 555-0142.');
    expect(reply).toContain('Reply-To: hello@maplefalls.example.com');
    // It repeats nothing the visitor typed.
    expect(reply).not.toContain('crown');
    expect(reply).not.toContain('Ann Lee');
    expect(repliesTo('ann@example.com')[0]?.storedBefore).toBe(1);
    // The owner is told as before.
    expect(sent.some((s) => s.message.to === 'hello@maplefalls.example.com' && s.message.text.includes('My crown came loose'))).toBe(true);
  });

  it('goes to one address at most once an hour from the site, while the submissions are all stored', async () => {
    await contact('bo@example.com');
    clock.advance(30 * 60_000);
    const again = await contact('bo@example.com', 'Also, can I move my appointment?');
    expect(again.statusCode).toBe(303);
    await contact('BO@example.com ', 'And one more thing.');
    expect(repliesTo('bo@example.com')).toHaveLength(1);
    expect(await outboxed('bo@example.com')).toHaveLength(1);
    const stored = await (await ctx.services.store.tenant('smiles')).list('submissions', { email: 'bo@example.com' });
    expect(stored).toHaveLength(3);
    // Another address is not held back by it.
    await contact('cy@example.com');
    expect(repliesTo('cy@example.com')).toHaveLength(1);
  });

  it('on a personal form holds none of the answers', async () => {
    const answers = { fullName: 'Dee Ray', email: 'dee@example.com', history: 'Asthma since 2004' };
    expect((await post('/apply', { _form: 'application', ...answers })).statusCode).toBe(303);
    const [reply] = await outboxed('dee@example.com');
    expect(reply).toContain('Thank you for applying to Maple Falls Dental. We read every application.');
    for (const value of ['Dee Ray', 'Asthma', '2004']) expect(reply).not.toContain(value);
    expect(repliesTo('dee@example.com')[0]?.message.text).not.toMatch(/Dee|Asthma/);
  });

  it('is not sent to a robot, and a reply that fails leaves the submission standing', async () => {
    await post('/contact', { _form: 'contact', fullName: 'Bot', email: 'bot@example.com', message: 'spam', _hp: 'http://spam.example.com' });
    expect(repliesTo('bot@example.com')).toHaveLength(0);
    failReplies = true;
    try {
      const res = await contact('eve@example.com', 'The mail server is down today.');
      expect(res.statusCode).toBe(303);
      expect(repliesTo('eve@example.com')).toHaveLength(1);
      expect(await (await ctx.services.store.tenant('smiles')).count('submissions', { email: 'eve@example.com' })).toBe(1);
    } finally {
      failReplies = false;
    }
  });
});

describe('written in a site file', () => {
  const form = (fields: string, reply = REPLY, purpose = '') => `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: form
        form: contact${purpose}
        ${reply}
        fields:
${fields}`;

  it('needs an e-mail question to reply to, and says how to add one', () => {
    const [problem, ...more] = problemsOf(form('          - { name: fullName, label: Your name, required: true }\n'));
    expect(more).toEqual([]);
    expect(problem).toContain('SW_MISSING_KEY');
    expect(problem).toContain('> 20 |         autoReply:');
    expect(problem).toContain('The reply goes to the address the visitor types, but the form "contact" has no e-mail question.');
    expect(problem).toContain('Fix: add an e-mail question to the "fields": - { name: email, label: Your e-mail, kind: email, required: true }');
    // Done as the fix says, the site loads.
    expect(
      problemsOf(
        form(
          '          - { name: fullName, label: Your name, required: true }\n          - { name: email, label: Your e-mail, kind: email, required: true }\n',
        ),
      ),
    ).toEqual([]);
  });

  it('fills in nothing but the site name, and is not for a newsletter form', () => {
    const fields = '          - { name: email, label: E-mail, kind: email, required: true }\n';
    const [placeholder] = problemsOf(form(fields, REPLY.replace('We have your message', 'Dear {fullName}, we have your message')));
    expect(placeholder).toContain('SW_NOT_ALLOWED');
    expect(placeholder).toContain('"{fullName}" cannot be filled in: an automatic reply never repeats what the visitor typed');
    const [newsletter] = problemsOf(form(fields, REPLY, '\n        purpose: newsletter'));
    expect(newsletter).toContain('A newsletter form already e-mails the visitor');
  });
});

describe('the limit on automatic replies', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes one an hour per address and site, and another once the hour is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-24T09:00:00Z'));
    const limits = new PostLimits({ perVisitorPerMinute: 10, perSitePerTenMinutes: 10 });
    expect(await limits.autoReply('smiles', 'ann@example.com')).toBe(true);
    expect(await limits.autoReply('smiles', ' Ann@Example.com')).toBe(false);
    expect(await limits.autoReply('harbor', 'ann@example.com')).toBe(true);
    vi.setSystemTime(Date.parse('2026-11-24T09:59:59Z'));
    expect(await limits.autoReply('smiles', 'ann@example.com')).toBe(false);
    vi.setSystemTime(Date.parse('2026-11-24T10:00:00Z'));
    expect(await limits.autoReply('smiles', 'ann@example.com')).toBe(true);
  });
});
