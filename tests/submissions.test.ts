import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';

const run = promisify(execFile);
const CLI = new URL('../cli/sitewright.mjs', import.meta.url).pathname;
let ctx: Awaited<ReturnType<typeof appWithData>>;

beforeAll(async () => {
  ctx = await appWithData();
  for (const [name, message] of [
    ['Ana Ruiz', 'Damp corner, "north" wall'],
    ['Bo Lin', 'Puddles after rain, twice a year'],
  ]) {
    await ctx.app.inject({
      method: 'POST',
      url: '/gamma/contact',
      payload: new URLSearchParams({
        _form: 'contact',
        fullName: name as string,
        email: 'x@example.com',
        message: message as string,
        _t: ctx.services.signer.timeToken(Date.now() - 10_000),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
});
afterAll(() => ctx.app.close());

describe('sitewright submissions', () => {
  it('exports CSV from the same data folder, beside the running server', async () => {
    const { stdout, stderr } = await run(process.execPath, [CLI, 'submissions', 'gamma', '--form', 'contact', '--data', ctx.dataDir]);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('id,createdAt,form,page,fullName,email,message');
    expect(lines[1]).toContain(',contact,/contact,Ana Ruiz,x@example.com,"Damp corner, ""north"" wall"');
    expect(lines).toHaveLength(3);
    expect(stderr).toContain('2 submissions of form "contact" from gamma');
  });

  it('shows an answer a spreadsheet would run as a formula as text, and says so', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/gamma/apply',
      payload: new URLSearchParams({
        _form: 'application',
        fullName: '=HYPERLINK("http://evil.example","Open")',
        consent: 'yes',
        _t: ctx.services.signer.timeToken(Date.now() - 10_000),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    const { stdout, stderr } = await run(process.execPath, [CLI, 'submissions', 'gamma', '--form', 'application', '--data', ctx.dataDir]);
    expect(stdout).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")"`);
    expect(stderr).toContain('1 answer began with = + - @');
  });

  it('exports JSON', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'submissions', 'gamma', '--form', 'contact', '--format', 'json', '--data', ctx.dataDir]);
    const records = JSON.parse(stdout) as { answers: { fullName: string } }[];
    expect(records.map((r) => r.answers.fullName)).toEqual(['Ana Ruiz', 'Bo Lin']);
  });
});
