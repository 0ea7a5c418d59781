import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
/** The owner's notifications, each settled when its mail is written (it goes out after the visitor has the answer). */
const mailed: Promise<void>[] = [];
beforeAll(async () => {
  ctx = await appWithData();
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = (message) => {
    const sending = send(message);
    mailed.push(sending.catch(() => {}));
    return sending;
  };
});
afterAll(() => ctx.app.close());

/** A time stamp from ten seconds ago: a person's pace. */
const token = () => ctx.services.signer.timeToken(Date.now() - 10_000);
const post = (url: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries({ _t: token(), ...fields })) for (const one of [v].flat()) body.append(k, one);
  return ctx.app.inject({ method: 'POST', url, payload: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
};
/** A stored record as the tests read it. */
interface StoredForm {
  form: string;
  answers: Record<string, unknown>;
  files: { filename: string; type: string; size: number; file: string }[];
}
const stored = async (kind = 'submissions') => {
  const text = await readFile(join(ctx.dataDir, 'gamma.json'), 'utf8').catch(() => '{}');
  return (JSON.parse(text) as Record<string, StoredForm[]>)[kind] ?? [];
};
const good = { _form: 'contact', fullName: 'Rosa Diaz', email: 'rosa@example.com', topic: 'Leak', message: 'Water on the floor after rain.' };

describe('a form without JavaScript', () => {
  it('renders an accessible form with a fresh time stamp, never shared between visitors', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/gamma/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<form action="/gamma/contact" method="post">');
    expect(res.body).toContain('<label for="contact-fullName">Your name<span class="field-required"> (required)</span></label>');
    expect(res.body).toMatch(/name="_t" value="t\d+\.[\w-]+"/);
    expect(res.body).toContain('data-island="form"');
  });

  it('stores a good submission, e-mails the owner, and shows the success message', async () => {
    const res = await post('/gamma/contact', good);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/gamma/contact?sent=contact#contact');
    const [record] = (await stored()).filter((r) => r.answers.fullName === 'Rosa Diaz');
    expect(record).toMatchObject({ form: 'contact', page: '/contact', answers: { email: 'rosa@example.com', topic: 'Leak' } });
    const after = await ctx.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(after.body).toContain('Thank you — your message has been sent.');
    expect(mailed.length).toBeGreaterThan(0);
    await Promise.all(mailed);
    const [mail] = await readdir(join(ctx.dataDir, 'outbox'));
    const eml = await readFile(join(ctx.dataDir, 'outbox', mail as string), 'utf8');
    expect(eml).toContain('To: leads@gamma.example.com');
    expect(eml).toContain('Reply-To: rosa@example.com');
    expect(eml).toContain('Water on the floor after rain.');
  });

  it('shows every error beside its field, keeps the answers, focuses the summary, and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await post('/gamma/contact', { ...good, fullName: '', email: 'rosa(at)example', message: 'short' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<div class="form-errors" role="alert" tabindex="-1" autofocus="">');
    expect(res.body).toContain('id="contact-fullName-error" class="field-error">Please fill in “Your name”.</p>');
    expect(res.body).toContain('Please enter an e-mail address such as name@example.com.');
    expect(res.body).toContain('“Message” needs at least 10 characters.');
    expect(res.body).toContain('value="rosa(at)example"');
    expect(res.body).toContain('aria-invalid="true"');
    expect((await stored()).length).toBe(before);
  });
});

describe('bad input never stores anything and never gets a 5xx', () => {
  it.each([
    ['an unknown field', { ...good, isAdmin: 'yes' }, 'This form has no question called “isAdmin”.'],
    ['a choice that is not offered', { ...good, topic: 'Refund' }, 'Please choose one of the options for “Topic”.'],
    ['a script payload', { ...good, fullName: '<script>alert(1)</script>' }, 'Please remove the &lt; and &gt; characters from “Your name”.'],
    ['a field sent twice', { ...good, email: ['a@example.com', 'b@example.com'] }, ''],
  ])('%s', async (_name, fields, message) => {
    const before = (await stored()).length;
    const res = await post('/gamma/contact', fields);
    if (message) {
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain(message);
      expect((await stored()).length).toBe(before);
    } else {
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('answers JSON with field messages to the browser island', async () => {
    const res = await post('/gamma/contact', { ...good, email: 'nope' }, { accept: 'application/json' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      ok: false,
      values: expect.any(Object) as unknown,
      errors: { email: 'Please enter an e-mail address such as name@example.com.' },
    });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await post('/gamma/contact', { ...good, message: 'x'.repeat(300_000) });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a form that is not on the page', async () => {
    expect((await post('/gamma/contact', { ...good, _form: 'workshop' })).statusCode).toBe(404);
    expect((await post('/gamma/no-such-page', good)).statusCode).toBe(404);
  });
});

describe('robots', () => {
  it.each([
    ['fill the hidden field', { ...good, fullName: 'Trap', _hp: 'http://spam.example.com' }],
    ['send faster than a person could', { ...good, fullName: 'Fast', _t: '' }],
    ['forge the time stamp', { ...good, fullName: 'Forged', _t: `t${Date.now() - 60_000}.AAAA` }],
  ])('who %s see success, and nothing is stored', async (_what, fields) => {
    const before = (await stored()).length;
    const res = await post('/gamma/contact', fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/gamma/contact?sent=contact#contact');
    expect((await stored()).length).toBe(before);
  });

  it('are slowed by a per-visitor limit: past it, 429 and nothing stored', async () => {
    const limited = await appWithData(undefined, undefined, { perVisitorPerMinute: 3, perSitePerTenMinutes: 100 });
    const send = () =>
      limited.app.inject({
        method: 'POST',
        url: '/gamma/contact',
        payload: new URLSearchParams({ ...good, _t: limited.services.signer.timeToken(Date.now() - 10_000) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await send()).statusCode);
    expect(codes).toEqual([303, 303, 303, 429, 429]);
    const data = JSON.parse(await readFile(join(limited.dataDir, 'gamma.json'), 'utf8')) as { submissions: unknown[] };
    expect(data.submissions).toHaveLength(3);
    await limited.app.close();
  });

  it('a real visitor with a form left open for days is asked to send again, answers kept', async () => {
    const res = await post('/gamma/contact', { ...good, _t: ctx.services.signer.timeToken(Date.now() - 3 * 86_400_000) });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('This form was open for more than a day.');
    expect(res.body).toContain('value="Rosa Diaz"');
  });
});

describe('registrations, uploads, personal data, thank-you pages', () => {
  it('never takes more registrations than there are places, even all at once', async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/gamma/register', { _form: 'workshop', fullName: `Guest ${i}` })));
    expect(replies.filter((r) => r.statusCode === 303)).toHaveLength(3);
    const full = replies.filter((r) => r.statusCode === 409);
    expect(full).toHaveLength(7);
    expect(full[0]?.body).toContain('The workshop is full.');
    expect(await stored('registrations')).toHaveLength(3);
  });

  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const multipart = (files: { name: string; data: Buffer; type: string }[], fields: Record<string, string>) => {
    const boundary = '----sitewright-test';
    const chunks: Buffer[] = [];
    for (const [k, v] of Object.entries({ _t: token(), _form: 'virtual-assessment', ...fields }))
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    for (const f of files)
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
        f.data,
        Buffer.from('\r\n'),
      );
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return ctx.app.inject({
      method: 'POST',
      url: '/gamma/assessment',
      payload: Buffer.concat(chunks),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('keeps photos checked by their content, outside anything served, and goes to the thank-you page', async () => {
    const res = await multipart([{ name: 'wall.png', data: PNG, type: 'image/png' }], { fullName: 'Ian Wu', phone: '(555) 555-0150', seepage: 'Walls' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/gamma/assessment/thank-you');
    const [record] = (await stored()).filter((r) => r.form === 'virtual-assessment');
    expect(record?.files).toEqual([expect.objectContaining({ filename: 'wall.png', type: 'image/png', size: PNG.length })]);
    expect(await readdir(join(ctx.dataDir, 'uploads', 'gamma'))).toContain(record?.files[0]?.file);
    expect((await ctx.app.inject({ method: 'GET', url: `/gamma/media/${record?.files[0]?.file}` })).statusCode).toBe(404);
  });

  it('refuses a file whose content is not what its name says, and keeps nothing', async () => {
    const before = (await stored()).length;
    const res = await multipart([{ name: 'wall.png', data: Buffer.from('<?php echo 1; ?>'), type: 'image/png' }], {
      fullName: 'Ian Wu',
      phone: '(555) 555-0150',
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('“wall.png” is not a file “Photos of the problem” takes');
    expect((await stored()).length).toBe(before);
  });

  it('answers 413 for a file over the upload limit, and keeps nothing', async () => {
    const before = (await readdir(join(ctx.dataDir, 'uploads', 'gamma')).catch(() => [])).length;
    const res = await multipart([{ name: 'huge.png', data: Buffer.concat([PNG, Buffer.alloc(21 * 1024 * 1024)]), type: 'image/png' }], {
      fullName: 'Ian Wu',
      phone: '(555) 555-0150',
    });
    expect(res.statusCode).toBe(413);
    expect((await readdir(join(ctx.dataDir, 'uploads', 'gamma')).catch(() => [])).length).toBe(before);
  });

  it('sends pages with personal-data forms as no-store, and requires consent', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/gamma/apply' })).headers['cache-control']).toBe('no-store');
    const res = await post('/gamma/apply', { _form: 'application', fullName: 'Lee Park' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Please tick this box to continue.');
    expect((await post('/gamma/apply', { _form: 'application', fullName: 'Lee Park', consent: 'on' })).statusCode).toBe(303);
  });

  it("sends a booking to the artist's own thank-you page", async () => {
    const res = await post('/gamma/artists/maya-chen', { _form: 'booking', idea: 'A fern on my forearm' });
    expect(res.headers.location).toBe('/gamma/maya-chen/thank-you');
    expect((await ctx.app.inject({ method: 'GET', url: '/gamma/maya-chen/thank-you' })).body).toContain('Maya Chen will reply within a week.');
  });

  it('stops one site whose data file is unreadable, with a clear message, and leaves the file alone', async () => {
    const other = await appWithData();
    await writeFile(join(other.dataDir, 'gamma.json'), '{ broken');
    const res = await other.app.inject({
      method: 'POST',
      url: '/gamma/contact',
      payload: new URLSearchParams({ ...good, _t: other.services.signer.timeToken(Date.now() - 10_000) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('The form cannot be sent right now.');
    expect(await readFile(join(other.dataDir, 'gamma.json'), 'utf8')).toBe('{ broken');
    await other.app.close();
  });
});

describe('e-mail addresses', () => {
  it.each([['=1+2@example.com'], ['+cmd|calc@example.com'], ['rosa\u0000@example.com'], ['rosa@example'], ['rosa@exam ple.com']])(
    'refuses %j with a message beside the field, and keeps nothing',
    async (email) => {
      const before = (await stored()).length;
      const res = await post('/gamma/contact', { ...good, email }, { accept: 'application/json' });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string> }>().errors.email).toBe('Please enter an e-mail address such as name@example.com.');
      expect((await stored()).length).toBe(before);
    },
  );
});
