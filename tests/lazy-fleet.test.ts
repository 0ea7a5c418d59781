/**
 * A fleet too large to load at start: each site loads on its first request, at most `keep` stay
 * in memory (the least recently used go), a broken site fails alone when asked for, and forms,
 * documents, reloads and the daily sweep work on sites that are not loaded.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Reloader } from '../runtime/server/reload.ts';
import { loadSiteFolder, openLazyFleet, siteOf } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { appWithData, FIXTURE_FLEET, FORMS_FLEET } from './helpers/app.ts';
import { contactAnswers, postForm } from './helpers/posts.ts';
import { BLOCKS } from '../blocks/registry.ts';

/** alpha, beta and broken from the fixture fleet, and gamma with its forms. */
async function sitesFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-lazy-'));
  for (const prefix of ['alpha', 'beta', 'broken']) await cp(join(FIXTURE_FLEET, prefix), join(dir, prefix), { recursive: true });
  await cp(join(FORMS_FLEET, 'gamma'), join(dir, 'gamma'), { recursive: true });
  return dir;
}

describe('a lazy fleet', () => {
  it('loads nothing at start, each site once on its first request however many ask, and keeps only the most recently used', async () => {
    const { app } = await appWithData(await sitesFolder(), undefined, undefined, {}, 2);
    const fleet = app.fleetHolder.current;
    expect(fleet.sites.size).toBe(0);
    expect([...(fleet.lazy?.folders ?? [])].sort()).toEqual(['alpha', 'beta', 'broken', 'gamma']);

    const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject('/alpha')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers[0]?.body).toContain('<h1');
    expect([...fleet.sites.keys()]).toEqual(['alpha']);
    const alpha = fleet.sites.get('alpha');

    expect((await app.inject('/beta')).statusCode).toBe(200);
    expect((await app.inject('/alpha')).statusCode).toBe(200);
    // alpha was used after beta: beta is the one to go when gamma comes in.
    expect((await app.inject('/gamma/contact')).statusCode).toBe(200);
    expect([...fleet.sites.keys()]).toEqual(['alpha', 'gamma']);
    expect(fleet.sites.get('alpha')).toBe(alpha);
    // Asked for at once, a site not loaded is loaded once: every caller gets the same one.
    const together = await Promise.all(Array.from({ length: 5 }, () => siteOf(fleet, 'broken')));
    expect(new Set(together)).toEqual(new Set([undefined]));
    const beta = await Promise.all(Array.from({ length: 5 }, () => siteOf(fleet, 'beta')));
    expect(new Set(beta).size).toBe(1);
    expect(beta[0]?.prefix).toBe('beta');
    fleet.sites.delete('beta');
    // A site that went is loaded again when asked for.
    expect((await app.inject('/beta')).statusCode).toBe(200);
    expect([...fleet.sites.keys()]).toEqual(['gamma', 'beta']);
    await app.close();
  });

  it('answers a broken site with 503 when it is first asked for, and every other site as before', async () => {
    const { app } = await appWithData(await sitesFolder(), undefined, undefined, {}, 10);
    const fleet = app.fleetHolder.current;
    const broken = await app.inject('/broken');
    expect(broken.statusCode).toBe(503);
    expect(fleet.broken.get('broken')?.problems.length).toBeGreaterThan(0);
    expect((await app.inject('/broken/sitemap.xml')).statusCode).toBe(503);
    expect((await app.inject('/alpha')).statusCode).toBe(200);
    expect((await app.inject('/nosuchsite')).statusCode).toBe(404);
    // An address in capitals is sent to the canonical one before the site is loaded.
    const upper = await app.inject('/BETA');
    expect([upper.statusCode, upper.headers.location]).toEqual([301, '/beta']);
    await app.close();
  });

  it('takes a form post, serves documents and lists every site before any is loaded', async () => {
    const { app, services } = await appWithData(await sitesFolder(), undefined, undefined, {}, 10);
    const post = await postForm(
      app,
      '/gamma/contact',
      contactAnswers((at) => services.signer.timeToken(at)),
    );
    expect(post.statusCode).toBe(303);
    expect((await (await services.store.tenant('gamma')).list('submissions')).map((r) => (r.answers as Record<string, unknown>).fullName)).toEqual([
      'Rosa Diaz',
    ]);
    expect(await services.store.sitesWithData()).toEqual(['gamma']);

    const sitemap = await app.inject('/beta/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<urlset');
    // Every folder is listed until it is found broken, by its first request.
    const robots = async () => (await app.inject('/robots.txt')).body;
    for (const prefix of ['alpha', 'beta', 'broken', 'gamma']) expect(await robots()).toContain(`/${prefix}/sitemap.xml`);
    expect((await app.inject('/broken')).statusCode).toBe(503);
    expect(await robots()).not.toContain('/broken/');
    const index = await app.inject('/');
    expect(index.body).toContain('href="/alpha"');
    expect(index.body).not.toContain('href="/broken"');
    await app.close();
  });

  it('takes new, changed and removed folders on a reload of every site, loading none it did not hold', async () => {
    const dir = await sitesFolder();
    const reloads = new Reloader(
      { current: await openLazyFleet(dir, BLOCKS, 10) },
      { keepLastGood: true, load: (sitesDir, prefix) => loadSiteFolder(sitesDir, prefix, BLOCKS) },
    );
    const app = await buildApp({ blocks: BLOCKS, fleet: reloads.holder.current, origin: 'https://sites.example.com', reloads });
    expect((await app.inject('/alpha')).statusCode).toBe(200);
    await mkdir(join(dir, 'delta'));
    await cp(join(dir, 'beta', 'site.yaml'), join(dir, 'delta', 'site.yaml'));
    await rm(join(dir, 'alpha'), { recursive: true });
    await writeFile(join(dir, 'broken', 'site.yaml'), 'still: [not a site\n');

    const outcomes = await reloads.reloadAll();
    expect(outcomes.map((o) => `${o.prefix} ${o.status}`)).toEqual(['alpha removed']);
    expect(reloads.holder.current.sites.size).toBe(0);
    expect((await app.inject('/alpha')).statusCode).toBe(404);
    expect((await app.inject('/delta')).statusCode).toBe(200);
    expect((await app.inject('/broken')).statusCode).toBe(503);
    await app.close();
  });
});
