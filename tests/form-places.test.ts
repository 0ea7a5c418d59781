/**
 * A full event says so before anyone fills its form in: a registration form with a capacity reads
 * its places from the store when its page is asked for (that page alone is rendered per request),
 * shows how many are left, and once none are, its "full" message instead of the form. Every other
 * page stays kept and shared, read from no store. The real site, copied alone into a folder of its
 * own, is loaded as the server loads it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';

const SITE = fileURLToPath(new URL('../sites/eastsidecommunity', import.meta.url));
const FORM = 'computer-basics-winter-2027';
let ctx: Awaited<ReturnType<typeof appWithData>>;
let fleet = '';
/** How many times a site's store was opened to serve a request. */
let storeReads = 0;

beforeAll(async () => {
  fleet = await mkdtemp(join(tmpdir(), 'sitewright-places-'));
  await cp(SITE, join(fleet, 'eastsidecommunity'), { recursive: true });
  ctx = await appWithData(fleet);
  const tenant = ctx.services.store.tenant.bind(ctx.services.store);
  ctx.services.store.tenant = (prefix) => {
    storeReads++;
    return tenant(prefix);
  };
});
afterAll(async () => {
  await ctx.app.close();
  await rm(fleet, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
/** Registers people straight into the store, as the form does. */
async function register(count: number) {
  const tenant = await ctx.services.store.tenant('eastsidecommunity');
  const before = (await tenant.list('registrations', { form: FORM })).length;
  for (let n = before; n < before + count; n++)
    await tenant.add('registrations', { form: FORM, page: '/register', email: `person${n}@example.com`, answers: { fullName: `Person ${n}` } });
}

describe('a registration form with a capacity', () => {
  it('shows the places left above its form while there are some', async () => {
    await register(15);
    const res = await get('/eastsidecommunity/register');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<p class="form-places"><strong>1 of 16 places left.</strong></p>');
    expect(res.body).toContain(`id="${FORM}-fullName"`);
    expect(res.body).not.toContain('class="form-full"');
  });

  it('says it is full, with no questions to fill in, once every place is taken: read at request time, not from a kept page', async () => {
    await register(1);
    const res = await get('/eastsidecommunity/register');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div class="form-full" role="status"><p>All 16 places in the winter class have been taken.');
    expect(res.body).not.toContain(`id="${FORM}-fullName"`);
    expect(res.body).not.toContain(`name="_form" value="${FORM}"`);
    expect(res.body).not.toContain('places left');
  });

  it('leaves every other page kept and shared: the same bytes and ETag again, and no store read', async () => {
    const reads = storeReads;
    const first = await get('/eastsidecommunity');
    const again = await get('/eastsidecommunity');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // A message form's page is kept too, with only its signed time stamp filled per visitor.
    const contact = await get('/eastsidecommunity/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.headers['cache-control']).toBe('private, no-cache');
    expect(contact.body).not.toContain('places left');
    expect(storeReads).toBe(reads);
    // The registration page, by contrast, reads the store for each visitor.
    await get('/eastsidecommunity/register');
    expect(storeReads).toBeGreaterThan(reads);
  });
});
