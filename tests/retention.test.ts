/** Records kept no longer than a form's retainDays: deleted with their files by the daily sweep. */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweep } from '../runtime/server/retention.ts';
import { appWithData } from './helpers/app.ts';
import { PDF, postMultipart } from './helpers/posts.ts';
import { BASE_YAML } from './helpers/site.tsx';

const SITE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Welcome
  - path: /apply
    title: Apply
    blocks:
      - type: form
        form: application
        retainDays: 30
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: cv, label: Your CV, kind: file, accept: [application/pdf] }
  - path: /contact
    title: Contact
    blocks:
      - type: form
        form: contact
        fields:
          - { name: fullName, label: Your name, required: true }
`;

describe('retention', () => {
  it('deletes what is older than a form keeps, with its files, and nothing else', async () => {
    const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-retention-'));
    await mkdir(join(sitesDir, 'hire'));
    await writeFile(join(sitesDir, 'hire', 'site.yaml'), SITE);
    const ctx = await appWithData(sitesDir);
    const apply = () =>
      postMultipart(ctx.app, '/hire/apply', { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'application', fullName: 'Ann' }, [
        { field: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: PDF },
      ]);
    const contact = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/hire/contact',
        payload: new URLSearchParams({ _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'contact', fullName: 'Bo' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await apply()).statusCode).toBe(303);
    expect((await contact()).statusCode).toBe(303);
    const fleet = ctx.app.fleetHolder.current;
    const uploads = join(ctx.dataDir, 'uploads');

    // Twenty-nine days on, nothing is old enough; thirty-one days on, the application and its CV go.
    expect(await sweep(fleet, ctx.services.store, uploads, Date.now() + 29 * 86_400_000)).toEqual(new Map());
    expect(await readdir(join(uploads, 'hire'))).toHaveLength(1);
    expect(await sweep(fleet, ctx.services.store, uploads, Date.now() + 31 * 86_400_000)).toEqual(new Map([['hire', 1]]));
    const tenant = await ctx.services.store.tenant('hire');
    expect((await tenant.list('submissions')).map((r) => r.form)).toEqual(['contact']);
    expect(await readdir(join(uploads, 'hire'))).toEqual([]);
    await ctx.app.close();
  });

  it('sweeps a site of a lazy fleet that is not loaded, reading it for the sweep only', async () => {
    const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-retention-'));
    await mkdir(join(sitesDir, 'hire'));
    await writeFile(join(sitesDir, 'hire', 'site.yaml'), SITE);
    const ctx = await appWithData(sitesDir, undefined, undefined, {}, 5);
    const post = await postMultipart(
      ctx.app,
      '/hire/apply',
      { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'application', fullName: 'Ann' },
      [{ field: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: PDF }],
    );
    expect(post.statusCode).toBe(303);
    // As after a restart, or once visitors have pushed the site out of memory.
    const fleet = ctx.app.fleetHolder.current;
    fleet.sites.clear();
    expect(await sweep(fleet, ctx.services.store, join(ctx.dataDir, 'uploads'), Date.now() + 31 * 86_400_000)).toEqual(new Map([['hire', 1]]));
    expect(await (await ctx.services.store.tenant('hire')).list('submissions')).toEqual([]);
    expect(fleet.sites.size).toBe(0);
    await ctx.app.close();
  });
});
