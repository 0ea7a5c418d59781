/** The studio over HTTP: an owner's draft checked by the server's loader, previewed, published as versions, compared, restored; pictures uploaded. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { appWithData } from './helpers/app.ts';
import { deskApp, deskClient } from './helpers/desk.ts';
import { flat } from './helpers/pictures.ts';
import { postMultipart } from './helpers/posts.ts';
import { lineOf, studioClient, studioFleet } from './helpers/studio.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
let sites: string;
const owners = deskClient(
  () => ctx.app,
  () => sent,
  '10.30.0',
);
let olga: ReturnType<typeof studioClient>;
let session: { cookie: string; csrf: string };
let original: string;

beforeAll(async () => {
  sites = await studioFleet();
  ({ ctx, sent } = await deskApp({}, {}, sites));
  session = await owners.signIn('alpha', 'olga@alpha.example.com');
  olga = studioClient(() => ctx.app, session);
  original = await readFile(join(sites, 'alpha', 'site.yaml'), 'utf8');
}, 60_000);
afterAll(() => ctx.app.close());

interface Problem {
  code: string;
  line: number;
  col: number;
  endCol: number;
  severity: string;
  edits?: { line: number; col: number; endLine: number; endCol: number; text: string }[];
}

/** The text with a fix's edits made, positions counted from 1 as the server gives them. */
function applyEdits(text: string, edits: NonNullable<Problem['edits']>): string {
  const lines = text.split('\n');
  const offset = (line: number, col: number) => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + col - 1;
  return [...edits]
    .sort((a, b) => offset(b.line, b.col) - offset(a.line, a.col))
    .reduce((t, e) => t.slice(0, offset(e.line, e.col)) + e.text + t.slice(offset(e.endLine, e.endCol)), text);
}

describe('the studio', () => {
  it('opens for an owner with the file as the first version, under a policy that lets only its own styles in', async () => {
    const res = await olga.get('/alpha/desk/studio');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<textarea id="studio-text" name="text"');
    expect(res.body).toContain('Alpha Plumbing');
    expect(res.body).toContain('started from version 1');
    expect(res.body).toMatch(/<a href="\/alpha\/desk\/studio" aria-current="page">Edit the site<\/a>/);
    const nonce = /data-nonce="([^"]+)"/.exec(res.body)?.[1] as string;
    expect(String(res.headers['content-security-policy'])).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });

  it('is refused to staff, who do not see it in the menu, and shows the sign-in form to anyone signed out', async () => {
    const sam = await owners.signIn('alpha', 'sam@alpha.example.com');
    const res = await owners.get('/alpha/desk/studio', sam.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('role: editor');
    expect(res.body).not.toContain('>Edit the site</a>');
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/alpha/desk/studio/publish',
      headers: { cookie: sam.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ _csrf: sam.csrf, text: original, base: 1 }),
    });
    expect(post.statusCode).toBe(403);
    expect((await owners.get('/alpha/desk/studio')).body).toContain('<label for="desk-email">');
    const eddie = await owners.signIn('alpha', 'eddie@alpha.example.com');
    expect((await owners.get('/alpha/desk/studio', eddie.cookie)).statusCode).toBe(200);
  });

  it('checks a draft with the server’s loader: a mistake at its line and column, with a fix that removes it', async () => {
    const typo = original.replace('        heading: Leaks fixed today', '        headng: Leaks fixed today');
    const res = await olga.draft('alpha', typo, 1);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ saved: boolean; errors: number; problems: Problem[] }>();
    expect(body.saved).toBe(true);
    expect(body.errors).toBe(1);
    const problem = body.problems[0] as Problem;
    expect(problem).toMatchObject({ code: 'SW_UNKNOWN_KEY', severity: 'error', line: lineOf(typo, 'headng'), col: 9 });
    expect(problem.edits?.length).toBeGreaterThan(0);
    const fixed = applyEdits(typo, problem.edits ?? []);
    expect(fixed).toBe(original);
    const again = (await olga.draft('alpha', fixed, 1)).json<{ errors: number; warnings: number }>();
    expect(again.errors).toBe(0);
  });

  it('answers a draft past the document budget with where it passes it, keeps none of it, and refuses a body past the post limit', async () => {
    const tenant = await ctx.services.store.tenant('alpha');
    const before = (await tenant.find('studioDrafts', { email: 'olga@alpha.example.com' }))?.text;
    const large = await olga.draft('alpha', `${original}# ${'x'.repeat(600 * 1024)}\n`, 1);
    expect(large.statusCode).toBe(200);
    expect(large.json()).toMatchObject({ saved: false, errors: 1, problems: [{ code: 'SW_SITE_TOO_LARGE' }] });
    expect((await olga.draft('alpha', 'x'.repeat(9 * 1024 * 1024), 1)).statusCode).toBe(413);
    expect((await tenant.find('studioDrafts', { email: 'olga@alpha.example.com' }))?.text).toBe(before);
  });

  it('keeps no draft sent without the session’s token, from another site’s page, or that is not a draft at all', async () => {
    const tenant = await ctx.services.store.tenant('alpha');
    const kept = async () => (await tenant.find('studioDrafts', { email: 'olga@alpha.example.com' }))?.text;
    const before = await kept();
    const post = (type: string, payload: string) =>
      ctx.app.inject({ method: 'POST', url: '/alpha/desk/studio/draft', headers: { cookie: session.cookie, 'content-type': type }, payload });
    const forged = `${original}# forged\n`;
    const json = await post('application/json', JSON.stringify({ _csrf: 'x'.repeat(43), text: forged, base: 1 }));
    expect(json.statusCode).toBe(403);
    expect(json.json<{ error: string }>().error).toContain('did not come from the studio');
    const form = await post('application/x-www-form-urlencoded', new URLSearchParams({ text: forged, base: '1' }).toString());
    expect(form.statusCode).toBe(403);
    expect(form.body).toContain('did not come from the studio');
    expect((await post('application/json', `{"_csrf": "${session.csrf}", "text": `)).statusCode).toBe(400);
    expect((await post('application/json', JSON.stringify({ _csrf: session.csrf, text: 7, base: 1 }))).statusCode).toBe(400);
    expect((await post('text/plain', forged)).statusCode).toBe(400);
    expect(await kept()).toBe(before);
  });

  it('keeps the draft in the store: the studio shows it again, as a closed tab or a restarted server would find it', async () => {
    const draft = original.replace('Leaks fixed today', 'Leaks fixed within the hour');
    expect((await olga.draft('alpha', draft, 1)).statusCode).toBe(200);
    const tenant = await ctx.services.store.tenant('alpha');
    expect((await tenant.find('studioDrafts', { email: 'olga@alpha.example.com' }))?.text).toBe(draft);
    expect((await olga.get('/alpha/desk/studio')).body).toContain('Leaks fixed within the hour');
  });

  it('previews the draft for the signed-in editor alone: not kept, not indexed, framed by the studio only, no form sent, blocks marked with their lines', async () => {
    const res = await olga.get('/alpha/desk/studio/preview/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Leaks fixed within the hour');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("connect-src 'none'");
    const draft = original.replace('Leaks fixed today', 'Leaks fixed within the hour');
    const from = lineOf(draft, '      - type: hero');
    expect(res.body).toContain(`<!--sw-block 0 ${from} ${from + 1}-->`);
    // Links stay in the preview.
    const contact = await olga.get('/alpha/desk/studio/preview/contact');
    expect(contact.body).toContain('<!--sw-block 0 ');
    expect(contact.body).toContain(`action="/alpha/desk/studio/preview/`);
    expect((await owners.get('/alpha/desk/studio/preview/')).body).not.toContain('Leaks fixed within the hour');
  });
});

describe('the studio’s preview of a page that frames a map', () => {
  it('lets a previewed page frame what it would frame when served (a map once asked for), and no other page', async () => {
    const kept = original.replace('Leaks fixed today', 'Leaks fixed within the hour');
    const withMap = kept.replace(
      '        heading: Leaks fixed within the hour\n',
      '        heading: Leaks fixed within the hour\n      - type: map\n        lat: 44.4759\n        lng: -73.2121\n',
    );
    expect((await olga.draft('alpha', withMap, 1)).json<{ errors: number }>().errors).toBe(0);
    const home = String((await olga.get('/alpha/desk/studio/preview/')).headers['content-security-policy']);
    expect(home).toContain('frame-src https://www.openstreetmap.org');
    expect(home).toContain("form-action 'none'");
    const contact = String((await olga.get('/alpha/desk/studio/preview/contact')).headers['content-security-policy']);
    expect(contact).not.toContain('openstreetmap');
    expect((await olga.draft('alpha', kept, 1)).statusCode).toBe(200);
  });
});

describe('publishing from the studio', () => {
  it('publishes only a draft without errors, as the next version, written to the file and served at once', async () => {
    const broken = original.replace('title: Contact us', 'title: [Contact us');
    const refused = await olga.publish('alpha', broken, 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ problems: Problem[] }>().problems.length).toBeGreaterThan(0);
    expect(await readFile(join(sites, 'alpha', 'site.yaml'), 'utf8')).toBe(original);

    const draft = original.replace('Leaks fixed today', 'Leaks fixed within the hour');
    const res = await olga.publish('alpha', draft, 1, 'Faster promise');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 2, url: '/alpha' });
    expect(await readFile(join(sites, 'alpha', 'site.yaml'), 'utf8')).toBe(draft);
    expect((await ctx.app.inject('/alpha')).body).toContain('Leaks fixed within the hour');
    const activity = (await olga.get('/alpha/desk/activity')).body;
    expect(activity).toContain('published version 2 of the site&#39;s document: Faster promise');
  });

  it('refuses a publish based on an older version, with what was published since', async () => {
    const stale = await olga.publish('alpha', original.replace('Leaks fixed today', 'Leaks fixed by noon'), 1);
    expect(stale.statusCode).toBe(409);
    const body = stale.json<{ current: number; text: string; author: string }>();
    expect(body.current).toBe(2);
    expect(body.text).toContain('Leaks fixed within the hour');
    expect(body.author).toBe('Olga Alpha');
    expect((await ctx.app.inject('/alpha')).body).toContain('Leaks fixed within the hour');
  });

  it('lists the versions with who and when in the site’s zone, compares two, and restores one as a new version', async () => {
    const history = await olga.get('/alpha/desk/studio/history');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('<strong>Version 2</strong>, published by Olga Alpha');
    expect(history.body).toContain('<strong>Version 1</strong>, changed on the server by the file on the server');
    expect(history.body).toMatch(/times in America\/New_York/);
    expect(history.body).toMatch(/[EP][SD]T<\/time>/);
    const compare = await olga.get('/alpha/desk/studio/compare?a=1&b=2');
    expect(compare.body).toContain('<del>-         heading: Leaks fixed today\n</del><ins>+         heading: Leaks fixed within the hour\n</ins>');
    expect((await olga.get('/alpha/desk/studio/versions/1')).body).toBe(original);

    const restore = await olga.json('POST', '/alpha/desk/studio/restore', { version: 1 });
    expect(restore.statusCode).toBe(200);
    expect(restore.json<{ version: number }>().version).toBe(3);
    expect(await readFile(join(sites, 'alpha', 'site.yaml'), 'utf8')).toBe(original);
    expect((await ctx.app.inject('/alpha')).body).toContain('Leaks fixed today');
    expect((await olga.get('/alpha/desk/studio/history')).body).toContain('<strong>Version 3</strong>, restored by Olga Alpha');
  });

  it('keeps a change made to the file on the server, once reloaded, as a version by "file"', async () => {
    const changed = original.replace('Leaks fixed today', 'Leaks fixed on Sundays too');
    await writeFile(join(sites, 'alpha', 'site.yaml'), changed);
    const outcome = await ctx.reloads.reloadSite('alpha');
    expect(outcome.status).toBe('updated');
    const tenant = await ctx.services.store.tenant('alpha');
    await expect.poll(async () => (await tenant.find('siteVersions', { number: 4 }))?.source).toBe('file');
    expect((await tenant.find('siteVersions', { number: 4 }))?.text).toBe(changed);
  });
});

describe('pictures and documents from the studio', () => {
  const upload = (filename: string, data: Buffer, type: string, csrf = session.csrf) =>
    postMultipart(ctx.app, '/alpha/desk/studio/media', { _csrf: csrf }, [{ field: 'file', filename, type, data }], {
      cookie: session.cookie,
      accept: 'application/json',
    });

  it('adds a picture under a safe name, served by the site at once and kept on the Activity page', async () => {
    const res = await upload('Shop Front (1).PNG', await flat(40, 30, 'png'), 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ file: { name: 'shop-front-1.png', path: 'shop-front-1.png', type: 'image' } });
    expect((await ctx.app.inject('/alpha/media/shop-front-1.png')).statusCode).toBe(200);
    const list = (await olga.json('GET', '/alpha/desk/studio/media')).json<{ files: { path: string }[] }>();
    expect(list.files.map((f) => f.path)).toContain('shop-front-1.png');
    expect((await olga.get('/alpha/desk/studio/activity'.replace('/studio', ''))).body).toContain('added shop-front-1.png');
    const again = await upload('shop-front-1.png', await flat(40, 30, 'png'), 'image/png');
    expect(again.json<{ file: { name: string } }>().file.name).toBe('shop-front-1-2.png');
  });

  it('refuses a page dressed as a picture, a type it does not take, and a post without the form’s token', async () => {
    const html = await upload('cat.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json<{ error: string }>().error).toContain('not the PNG its name says');
    expect((await upload('page.html', Buffer.from('<html></html>'), 'text/html')).statusCode).toBe(415);
    expect((await upload('ok.png', await flat(10, 10, 'png'), 'image/png', 'x'.repeat(43))).statusCode).toBe(403);
    // Past 10 MiB the upload is cut off as it arrives and nothing of it is kept.
    const huge = Buffer.concat([await flat(10, 10, 'png'), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooLarge = await upload('huge.png', huge, 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ error: string }>().error).toContain('larger than 10 MB');
    const list = (await olga.json('GET', '/alpha/desk/studio/media')).json<{ files: { path: string }[] }>();
    expect(list.files.map((f) => f.path)).not.toContain('cat.png');
    expect(list.files.map((f) => f.path)).not.toContain('ok.png');
    expect(list.files.map((f) => f.path)).not.toContain('huge.png');
  });
});
