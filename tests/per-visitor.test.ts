/**
 * Pages with a server half: rendered once per site version with placeholders for what belongs
 * to one visitor, filled per request; and a refused post that keeps nothing.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { PageCache } from '../runtime/server/site-pages.ts';
import type { Site } from '../runtime/site.ts';
import { appWithData } from './helpers/app.ts';
import { PNG, postMultipart } from './helpers/posts.ts';
import { BASE_YAML, targetAt } from './helpers/site.tsx';
import { BLOCKS } from '../blocks/registry.ts';

const SITE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Welcome
  - path: /contact
    title: Contact
    blocks:
      - type: form
        form: contact
        fields:
          - { name: fullName, label: Your name, required: true }
  - path: /apply
    title: Apply
    blocks:
      - type: form
        form: application
        personal: true
        fields:
          - { name: fullName, label: Your name, required: true }
  - path: /class
    title: Pottery class
    blocks:
      - type: form
        form: pottery
        purpose: registration
        capacity: 1
        full: The class is full.
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: photo, label: A photo of your work, kind: file }
  - path: /glazing
    title: Glazing morning
    blocks:
      - type: form
        form: glazing
        purpose: registration
        capacity: 5
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: E-mail, kind: email, required: true }
  - path: /family-day
    title: Family day
    blocks:
      - type: form
        form: family
        purpose: registration
        capacity: 5
        repeats: true
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: email, label: E-mail, kind: email, required: true }
`;

let sitesDir: string;
let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-visitor-'));
  await mkdir(join(sitesDir, 'kiln'));
  await writeFile(join(sitesDir, 'kiln', 'site.yaml'), SITE);
  ctx = await appWithData(sitesDir);
});
afterAll(() => ctx.app.close());

const tokenOf = (html: string) => /name="_t" value="([^"]+)"/.exec(html)?.[1];

describe('a page with a form', () => {
  it('is the same page for every visitor but for a time stamp of its own, never kept by a shared cache', async () => {
    const [a, b] = await Promise.all([ctx.app.inject('/kiln/contact'), ctx.app.inject('/kiln/contact')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [ta, tb] = [tokenOf(a.body), tokenOf(b.body)];
    expect(ta).toMatch(/^t\d+\.[\w-]+$/);
    expect(tb).toMatch(/^t\d+\.[\w-]+$/);
    expect(a.body.replaceAll(ta as string, 'TOKEN')).toBe(b.body.replaceAll(tb as string, 'TOKEN'));
    // The island's props carry the same stamp as the form.
    expect(a.body).toContain(`&quot;token&quot;:&quot;${ta}&quot;`);
    expect(a.body).not.toMatch(/sw-token-/);
    expect(a.headers['cache-control']).toBe('private, no-cache');
    expect(a.headers.etag).toBeUndefined();
    expect(ctx.services.signer.checkTimeToken(ta, Date.now() + 10_000)).toBe('ok');
  });

  it('is rendered once per site version: the cache hands back one entry with slots to fill', async () => {
    const fleet = await loadFleet(sitesDir, BLOCKS);
    const site = fleet.sites.get('kiln') as Site;
    let made = 0;
    const pages = new PageCache({ origin: 'https://sites.example.com', assetsFor: () => ({ stylesheet: '/s.css' }), slots: { token: () => `stamp${++made}` } });
    const entry = pages.page(site, targetAt(site, '/contact'));
    expect(pages.page(site, targetAt(site, '/contact'))).toBe(entry);
    expect(pages.page(site, targetAt(site, '/'))).not.toHaveProperty('slotted', expect.anything());
    expect(entry.slotted).toBeDefined();
    expect(entry.slotted?.fill({ token: () => 'first' }).toString()).toContain('value="first"');
    expect(entry.slotted?.fill({ token: () => 'second' }).toString()).toContain('value="second"');
  });

  it('with personal data is never stored by any cache', async () => {
    const res = await ctx.app.inject('/kiln/apply');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(tokenOf(res.body)).toMatch(/^t\d+\./);
  });
});

describe('registration by e-mail address', () => {
  const sign = (url: string, form: string, email: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams({ _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: form, fullName: 'Ann Lee', email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('takes one place per address: one visitor cannot take every place', async () => {
    expect((await sign('/kiln/glazing', 'glazing', 'ann@example.com')).statusCode).toBe(303);
    const again = await Promise.all([
      sign('/kiln/glazing', 'glazing', 'ANN@example.com'),
      sign('/kiln/glazing', 'glazing', ' ann@example.com '),
      sign('/kiln/glazing', 'glazing', 'ann@example.com'),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 409, 409]);
    expect(again[0]?.body).toContain('This e-mail address is already registered.');
    expect((await sign('/kiln/glazing', 'glazing', 'bo@example.com')).statusCode).toBe(303);
  });

  it('takes several from one address where the form allows repeats', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await sign('/kiln/family-day', 'family', 'cy@example.com')).statusCode);
    expect(codes).toEqual([303, 303, 303]);
  });
});

describe('a refused registration', () => {
  const register = (name: string) =>
    postMultipart(ctx.app, '/kiln/class', { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'pottery', fullName: name }, [
      { field: 'photo', filename: 'bowl.png', type: 'image/png', data: PNG },
    ]);
  const kept = () => readdir(join(ctx.dataDir, 'uploads', 'kiln')).catch(() => [] as string[]);

  it('leaves no file behind: the place is taken before the photo is kept', async () => {
    expect((await register('Ada')).statusCode).toBe(303);
    expect(await kept()).toHaveLength(1);
    const full = await register('Bo');
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain('The class is full.');
    expect(full.body).toContain('value="Bo"');
    expect(await kept()).toHaveLength(1);
  });
});
