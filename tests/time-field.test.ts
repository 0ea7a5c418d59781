/** A time field: an <input type="time"> in the page, and a time of day checked on the server, with its message beside the field. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';
import { postForm } from './helpers/posts.ts';
import { BASE_YAML } from './helpers/site.tsx';

const SITE = `${BASE_YAML}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Welcome
  - path: /callback
    title: Call me back
    blocks:
      - type: form
        form: callback
        fields:
          - { name: fullName, label: Your name, required: true }
          - { name: callAt, label: A good time to call, kind: time, required: true }
`;

let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-time-'));
  await mkdir(join(sites, 'clock'));
  await writeFile(join(sites, 'clock', 'site.yaml'), SITE);
  ctx = await appWithData(sites);
});
afterAll(() => ctx.app.close());

const send = (callAt: string) =>
  postForm(ctx.app, '/clock/callback', { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'callback', fullName: 'Ann', callAt });

describe('a time field', () => {
  it('is an input of type time with its label', async () => {
    const page = await ctx.app.inject('/clock/callback');
    expect(page.body).toMatch(
      /<label for="callback-callAt">A good time to call<span class="field-required"> \(required\)<\/span><\/label><input[^>]* type="time"/,
    );
  });

  it('takes a time of day and refuses anything else beside the field, keeping nothing', async () => {
    for (const bad of ['25:00', '9:5', '2pm', '14:30:00', '<b>14:30</b>']) {
      const refused = await send(bad);
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.body, bad).toMatch(/Please (enter a time of day, such as 14:30|remove the &lt; and &gt; characters)/);
    }
    expect(await (await ctx.services.store.tenant('clock')).count('submissions')).toBe(0);
    expect((await send('14:30')).statusCode).toBe(303);
    const [stored] = await (await ctx.services.store.tenant('clock')).list('submissions');
    expect(stored?.answers).toEqual({ fullName: 'Ann', callAt: '14:30' });
  });
});
