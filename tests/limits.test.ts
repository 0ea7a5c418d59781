/**
 * Every limit seen to refuse from outside: the per-visitor and per-site limits on posts, a forged
 * X-Forwarded-For, posts that reach no form, and confirmation e-mails to one address.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../runtime/server/app.ts';
import { visitorKey, type FormLimits } from '../runtime/server/limits.ts';
import { appWithData } from './helpers/app.ts';

type Ctx = Awaited<ReturnType<typeof appWithData>>;
const good = { _form: 'contact', fullName: 'Rosa Diaz', email: 'rosa@example.com', topic: 'Leak', message: 'Water on the floor after rain.' };

async function withLimits<T>(limits: FormLimits, run: (ctx: Ctx) => Promise<T>, trustProxy?: number): Promise<T> {
  const ctx = await appWithData(undefined, undefined, limits);
  const app =
    trustProxy === undefined
      ? ctx.app
      : await buildApp({ fleet: ctx.app.fleetHolder.current, origin: 'https://sites.example.com', services: ctx.services, formLimits: limits, trustProxy });
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
  it('per site: past it every visitor is refused with 429 and a Retry-After, whoever they are', async () => {
    const codes = await withLimits({ perVisitorPerMinute: 100, perSitePerTenMinutes: 4 }, async (ctx) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await post(ctx, '/gamma/contact', good, {}, `198.51.100.${i + 1}`));
      expect(out[5]?.headers['retry-after']).toMatch(/^\d+$/);
      return out.map((r) => r.statusCode);
    });
    expect(codes).toEqual([303, 303, 303, 303, 429, 429]);
  });

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
      return (await readdir(join(ctx.dataDir, 'outbox')).catch(() => [])).length;
    });
    expect(mails).toBe(3);
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
