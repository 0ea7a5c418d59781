/**
 * Every limit seen to refuse from outside: the per-visitor limits on posts and on their bytes, a
 * flood of posts to one site (which refuses only new visitors, for at most two minutes), a forged
 * X-Forwarded-For, posts that reach no form, and confirmation e-mails to one address.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../runtime/server/app.ts';
import { visitorKey, type FormLimits } from '../runtime/server/limits.ts';
import { appWithData } from './helpers/app.ts';
import { testClock } from './helpers/clock.ts';
import { FLOOD_WINDOW_MS } from '../runtime/server/flood.ts';
import { BLOCKS } from '../blocks/registry.ts';

type Ctx = Awaited<ReturnType<typeof appWithData>>;
const good = { _form: 'contact', fullName: 'Rosa Diaz', email: 'rosa@example.com', topic: 'Leak', message: 'Water on the floor after rain.' };

async function withLimits<T>(limits: FormLimits, run: (ctx: Ctx) => Promise<T>, trustProxy?: number): Promise<T> {
  const ctx = await appWithData(undefined, undefined, limits);
  const app =
    trustProxy === undefined
      ? ctx.app
      : await buildApp({
          blocks: BLOCKS,
          fleet: ctx.app.fleetHolder.current,
          origin: 'https://sites.example.com',
          services: ctx.services,
          formLimits: limits,
          trustProxy,
        });
  try {
    return await run({ ...ctx, app });
  } finally {
    if (app !== ctx.app) await app.close();
    await ctx.app.close();
  }
}

const post = (ctx: Ctx, url: string, fields: Record<string, string>, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    payload: new URLSearchParams({ _t: ctx.services.signer.timeToken(Date.now() - 10_000), ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

describe('limits on posts', () => {
  it('per visitor: a forged X-Forwarded-For does not make a new visitor when no proxy is trusted', async () => {
    const codes = await withLimits({ perVisitorPerMinute: 3, perSitePerTenMinutes: 100 }, async (ctx) => {
      const out = [];
      for (let i = 0; i < 5; i++) out.push((await post(ctx, '/gamma/contact', good, { 'x-forwarded-for': `192.0.2.${i + 1}` })).statusCode);
      return out;
    });
    expect(codes).toEqual([303, 303, 303, 429, 429]);
  });

  it('per visitor, behind one trusted proxy: the address the proxy saw is the visitor', async () => {
    const codes = await withLimits(
      { perVisitorPerMinute: 2, perSitePerTenMinutes: 100 },
      async (ctx) => {
        const out = [];
        // The client's own claim (left-most) is ignored; the proxy's (right-most) counts.
        for (let i = 0; i < 3; i++) out.push((await post(ctx, '/gamma/contact', good, { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.9` })).statusCode);
        out.push((await post(ctx, '/gamma/contact', good, { 'x-forwarded-for': '198.51.100.10' })).statusCode);
        return out;
      },
      1,
    );
    expect(codes).toEqual([303, 303, 429, 303]);
  });

  it('keeps its visitor store bounded: past the new-visitor budget new addresses wait, visitors already counted go on', async () => {
    const codes = await withLimits({ perVisitorPerMinute: 5, perSitePerTenMinutes: 100, newVisitorsPerMinute: 3 }, async (ctx) => {
      const out = [];
      for (let i = 0; i < 5; i++) out.push((await post(ctx, '/gamma/contact', good, {}, `198.51.100.${i + 1}`)).statusCode);
      // The first visitor was counted before the flood: a flood of new addresses cannot push them out, nor lock them out.
      out.push((await post(ctx, '/gamma/contact', good, {}, '198.51.100.1')).statusCode);
      out.push((await post(ctx, '/gamma/contact', good, {}, '2001:db8:1:2::9')).statusCode);
      return out;
    });
    expect(codes).toEqual([303, 303, 303, 429, 429, 303, 429]);
  });

  it('counts only posts to a page that takes them: posts to no site, no page or a page without a form use none of it', async () => {
    const codes = await withLimits({ perVisitorPerMinute: 2, perSitePerTenMinutes: 2 }, async (ctx) => {
      for (let i = 0; i < 20; i++) {
        expect((await post(ctx, `/nosuchsite${i}/contact`, good)).statusCode).toBe(404);
        expect((await post(ctx, '/gamma', good)).statusCode).toBe(404);
        expect((await post(ctx, `/gamma/no-page-${i}`, good)).statusCode).toBe(404);
      }
      return [
        (await post(ctx, '/gamma/contact', good)).statusCode,
        (await post(ctx, '/gamma/contact', good)).statusCode,
        (await post(ctx, '/gamma/contact', good)).statusCode,
      ];
    });
    expect(codes).toEqual([303, 303, 429]);
  });

  it('sends one address at most three confirmation e-mails an hour, whoever asks', async () => {
    const mails = await withLimits({ perVisitorPerMinute: 100, perSitePerTenMinutes: 100 }, async (ctx) => {
      for (let i = 0; i < 6; i++) {
        const res = await post(ctx, '/gamma/newsletter', { _form: 'newsletter', email: 'victim@example.com' }, {}, `198.51.100.${i + 1}`);
        expect(res.statusCode).toBe(303);
      }
      await ctx.app.afterReply.idle();
      return (await readdir(join(ctx.dataDir, 'outbox')).catch(() => [])).length;
    });
    expect(mails).toBe(3);
  });
});

describe('a flood of posts to one site', () => {
  it('lets through visitors whose form was shown before it began, and asks new ones to come back within two minutes', async () => {
    const clock = testClock();
    // The flood starts at the beginning of a window of the site's limit, so it does not run over into the next.
    clock.advance(FLOOD_WINDOW_MS - (clock.now() % FLOOD_WINDOW_MS) + 1000);
    const ctx = await appWithData(undefined, undefined, { perVisitorPerMinute: 20, perSitePerTenMinutes: 600 }, { now: clock.now });
    const send = (remoteAddress: string, shownAt: number, fields: Record<string, string> = good, accept = 'text/html') =>
      ctx.app.inject({
        method: 'POST',
        url: '/gamma/contact',
        remoteAddress,
        payload: new URLSearchParams({ _t: ctx.services.signer.timeToken(shownAt), ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
      });
    try {
      const before = clock.now();
      // The attackers opened the form once each, then sent 600 posts from 30 addresses, 20 each (each within its own limit).
      const codes: number[] = [];
      for (let i = 0; i < 600; i++) codes.push((await send(`198.51.100.${(i % 30) + 1}`, before - 10_000)).statusCode);
      const count = (code: number) => codes.filter((c) => c === code).length;
      console.log(
        `a flood of 600 posts from 30 addresses: ${count(303)} taken (the site's 120 for its two minutes, then each address once on the form it had open), ${count(429)} refused with 429`,
      );
      expect(count(303) + count(429)).toBe(600);
      expect(count(303)).toBe(150);

      // (a) A visitor who opened the form before the flood sends it as usual.
      expect((await send('203.0.113.20', before - 60_000)).statusCode).toBe(303);

      // (b) A visitor who opened it since is asked to come back when the window ends, in the site's page, with their answers kept.
      const opened = clock.now();
      clock.advance(5000);
      const refused = await send('203.0.113.21', opened, { ...good, fullName: 'Nadia Newcomer' });
      const wait = Number(refused.headers['retry-after']);
      console.log(`a new visitor during the flood: ${refused.statusCode}, Retry-After ${wait} s (limit: 120)`);
      expect(refused.statusCode).toBe(429);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(120);
      expect(refused.body).toMatch(/Too many messages are arriving right now; please try again in about (a minute|2 minutes)\./);
      expect(refused.body).toContain('Gamma Basements');
      expect(refused.body).toContain('value="Nadia Newcomer"');
      const json = await send('203.0.113.22', opened, good, 'application/json');
      expect(json.statusCode).toBe(429);
      expect((JSON.parse(json.body) as { problem: string }).problem).toContain('Too many messages are arriving right now');

      // The same stamp, once used during the flood, does not let its visitor through again.
      expect((await send('203.0.113.20', before - 60_000)).statusCode).toBe(429);

      // (c) Once the window is over, the new visitor gets through.
      clock.advance(wait * 1000);
      expect((await send('203.0.113.21', opened, { ...good, fullName: 'Nadia Newcomer' })).statusCode).toBe(303);
    } finally {
      await ctx.app.close();
    }
  });
});

describe('bytes of posts', () => {
  it('are counted per visitor: past the budget, 429 before the body is read', async () => {
    const size = Buffer.byteLength(new URLSearchParams({ _t: 't0000000000000.' + 'x'.repeat(43), ...good }).toString());
    // Room for eight posts and a half.
    const budget = Math.floor(size * 8.5);
    const codes = await withLimits({ perVisitorPerMinute: 100, perSitePerTenMinutes: 1000, bytesPerVisitorPerMinute: budget }, async (ctx) => {
      const out = [];
      for (let i = 0; i < 10; i++) out.push((await post(ctx, '/gamma/contact', good, {}, '203.0.113.30')).statusCode);
      out.push((await post(ctx, '/gamma/contact', good, {}, '203.0.113.31')).statusCode);
      return out;
    });
    console.log(`ten posts of ${size} bytes against a budget of ${budget} bytes a minute, then another visitor's: ${codes.join(' ')}`);
    expect(codes).toEqual([303, 303, 303, 303, 303, 303, 303, 303, 429, 429, 303]);
  });
});

describe('a visitor', () => {
  it('is an IPv4 address, or an IPv6 address by its /64 network', () => {
    expect(visitorKey('203.0.113.7')).toBe('203.0.113.7');
    expect(visitorKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(visitorKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64');
    expect(visitorKey('2001:db8:85a3:1::1')).toBe('2001:db8:85a3:1::/64');
    expect(visitorKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
