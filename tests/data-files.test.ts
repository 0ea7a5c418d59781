/** Visitors' data at rest: readable by the server's user alone, and exported so a spreadsheet cannot run it. */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutralise } from '../cli/commands/submissions.ts';
import { appWithData } from './helpers/app.ts';
import { postForm } from './helpers/posts.ts';

const CONTACT = { _form: 'contact', email: 'ana@example.com', topic: 'Leak', message: 'Damp corner by the stairs.' };

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe("visitors' data on disk", () => {
  it('is written 0600 in folders of 0700: the data file, the outbox mail and uploads', async () => {
    const ctx = await appWithData();
    const res = await postForm(ctx.app, '/gamma/contact', { ...CONTACT, fullName: 'Ana Ruiz', _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
    expect(res.statusCode).toBe(303);
    await ctx.app.close();
    expect(await mode(ctx.dataDir)).toBe(0o700);
    expect(await mode(join(ctx.dataDir, 'gamma.json'))).toBe(0o600);
    const outbox = join(ctx.dataDir, 'outbox');
    expect(await mode(outbox)).toBe(0o700);
    const mails = await readdir(outbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(await mode(join(outbox, mail))).toBe(0o600);
  });
});

describe('an export', () => {
  it('shows a cell that a spreadsheet would run as a formula as text', () => {
    for (const cell of ['=HYPERLINK("http://evil.example","Click")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'])
      expect(neutralise(cell)).toBe(`'${cell}`);
    for (const cell of ['Ana Ruiz', 'a=b', '2+2', '555-0142', '']) expect(neutralise(cell)).toBe(cell);
  });
});

describe("a data file changed behind the server's back", () => {
  it('is never overwritten: the site takes no more posts (503) and says why, and the change stays', async () => {
    const ctx = await appWithData();
    const send = (fullName: string) => postForm(ctx.app, '/gamma/contact', { ...CONTACT, fullName, _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
    expect((await send('Ana Ruiz')).statusCode).toBe(303);
    const file = join(ctx.dataDir, 'gamma.json');
    const edited = JSON.parse(await readFile(file, 'utf8')) as { submissions: { answers: { fullName: string } }[] };
    edited.submissions[0]!.answers.fullName = 'Ana Ruiz-Lopez (corrected by hand)';
    await writeFile(file, JSON.stringify(edited, null, 2));
    const refused = await send('Bo Lin');
    expect(refused.statusCode).toBe(503);
    expect(refused.body).toContain('The form cannot be sent right now.');
    expect(refused.body).toContain('value="Bo Lin"');
    expect((await send('Cy Park')).statusCode).toBe(503);
    expect(await readFile(file, 'utf8')).toBe(JSON.stringify(edited, null, 2));
    await ctx.app.close();
  });
});
