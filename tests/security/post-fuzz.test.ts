/**
 * Property-based fuzzing of every kind of POST the platform takes: 2,000 generated bodies per
 * endpoint (form fields of every shape, JSON, broken multipart, junk), each answered below 500
 * with no stack trace and no framework name in the reply.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from '../helpers/app.ts';

const RUNS = 2000;
let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  ctx = await appWithData(undefined, undefined, { perVisitorPerMinute: 1_000_000, perSitePerTenMinutes: 1_000_000, confirmationsPerAddressPerHour: 1_000_000 });
});
afterAll(() => ctx.app.close());

const ENDPOINTS = [
  '/gamma/contact',
  '/gamma/register',
  '/gamma/assessment',
  '/gamma/newsletter',
  '/gamma/apply',
  '/contacts/AAAAAAAAAAAAAAAAAAAAAA/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
];
const FORMS = ['contact', 'workshop', 'virtual-assessment', 'newsletter', 'application', '', '__proto__', 'constructor'];
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('', 'on', 'yes', '1e309', '-0', 'NaN', '<script>', '\u0000', 'a'.repeat(70_000)),
);

/** A body as a browser, a script or an attacker might send it, with its content type. */
const body = fc.oneof(
  fc
    .record({
      fields: fc.dictionary(
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('_form', '_t', '_hp', 'email', 'fullName', 'message', 'action', '__proto__')),
        fc.oneof(value, fc.array(value, { maxLength: 3 })),
        { maxKeys: 12 },
      ),
      form: fc.constantFrom(...FORMS),
      stamp: fc.boolean(),
    })
    .map(({ fields, form, stamp }) => {
      const params = new URLSearchParams();
      if (form) params.append('_form', form);
      if (stamp) params.append('_t', ctx.services.signer.timeToken(Date.now() - 10_000));
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) params.append(k, one);
      return { type: 'application/x-www-form-urlencoded', payload: params.toString() };
    }),
  fc.jsonValue().map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
  fc.tuple(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 400 })).map(([boundary, text]) => ({
    type: `multipart/form-data; boundary=${boundary || 'x'}`,
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="_form"\r\n\r\nvirtual-assessment\r\n--${boundary}\r\n${text}`,
  })),
  fc
    .tuple(
      fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data', 'application/x-www-form-urlencoded; charset=utf-16', ''),
      fc.string({ unit: 'binary', maxLength: 400 }),
    )
    .map(([type, payload]) => ({ type, payload })),
);

describe('every POST endpoint, fuzzed', () => {
  it.each(ENDPOINTS)(`answers ${RUNS} generated bodies to %s below 500, without a stack or the framework's name`, async (url) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async ({ type, payload }, json) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...(type ? { 'content-type': type } : {}), ...(json ? { accept: 'application/json' } : {}) },
        });
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${type} ${payload.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/\n\s+at [\w.<>]+ \(|FST_ERR|fastify/i);
      }),
      { numRuns: RUNS, seed: 20261125 },
    );
    console.log(`${url}: ${[...seen].map(([s, n]) => `${n}×${s}`).join(', ')}`);
  });
});
