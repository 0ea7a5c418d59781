/**
 * Whether an address is listed (an owner of the desk) or subscribed (a newsletter) cannot be told
 * from how long the answer takes: the work for the address is done after the answer has gone.
 * Each test interleaves the two kinds of request (taking turns to go first) and compares their medians, so a busy machine
 * slows both alike; the background work is waited for between requests, outside the timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData, DESK_FLEET } from './helpers/app.ts';
import { testClock } from './helpers/clock.ts';

const ROUNDS = 200;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) / 2;
};

/** Milliseconds one request takes to be answered. */
async function timed(send: () => Promise<{ statusCode: number }>, status: number): Promise<number> {
  const start = process.hrtime.bigint();
  const res = await send();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  expect(res.statusCode).toBe(status);
  return ms;
}

describe('the desk’s sign-in form', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof appWithData>>;
  beforeAll(async () => {
    ctx = await appWithData(DESK_FLEET, undefined, undefined, { now: clock.now }, undefined, {
      deskLimits: { perVisitorPerHour: 10_000, linksPerAddressPerDay: 10_000 },
    });
  });
  afterAll(() => ctx.app.close());

  it('answers a listed and an unlisted address in the same time', async () => {
    const ask = (email: string, i: number) => () =>
      ctx.app.inject({
        method: 'POST',
        url: '/alpha/desk',
        payload: `email=${encodeURIComponent(email)}`,
        headers: FORM,
        remoteAddress: `10.9.${i % 250}.${(i >> 8) + 1}`,
      });
    const listed: number[] = [];
    const unlisted: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Each listed ask makes and mails a new link: the one before has expired.
      clock.advance(16 * 60_000);
      // Which kind goes first changes every round, so neither gains from its place.
      for (const kind of i % 2 ? ['unlisted', 'listed'] : ['listed', 'unlisted']) {
        if (kind === 'listed') listed.push(await timed(ask('olga@alpha.example.com', 2 * i), 200));
        else unlisted.push(await timed(ask(`stranger${i}@example.com`, 2 * i + 1), 200));
        await ctx.app.afterReply.idle();
      }
    }
    const links = await (await ctx.services.store.tenant('alpha')).count('deskLinks');
    console.log(
      `sign-in, ${ROUNDS} listed and ${ROUNDS} unlisted asks interleaved: median ${median(listed).toFixed(3)} ms listed, ${median(unlisted).toFixed(3)} ms unlisted (limit: within 1 ms); ${links} links made and mailed after the answers`,
    );
    expect(links).toBe(ROUNDS);
    expect(Math.abs(median(listed) - median(unlisted))).toBeLessThan(1);
  });
});

describe('the newsletter form', () => {
  let ctx: Awaited<ReturnType<typeof appWithData>>;
  beforeAll(async () => {
    ctx = await appWithData();
    const gamma = await ctx.services.store.tenant('gamma');
    await gamma.add('contacts', { form: 'newsletter', email: 'known@example.com', answers: {}, status: 'confirmed', key: 'k', digest: 'd' });
  });
  afterAll(() => ctx.app.close());

  it('answers a subscribed and a new address in the same time', async () => {
    const subscribe = (email: string) => () =>
      ctx.app.inject({
        method: 'POST',
        url: '/gamma/newsletter',
        payload: new URLSearchParams({ _form: 'newsletter', email, _t: ctx.services.signer.timeToken(Date.now() - 10_000) }).toString(),
        headers: FORM,
      });
    const known: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      for (const kind of i % 2 ? ['new', 'known'] : ['known', 'new']) {
        if (kind === 'known') known.push(await timed(subscribe('known@example.com'), 303));
        else fresh.push(await timed(subscribe(`new${i}@example.com`), 303));
        await ctx.app.afterReply.idle();
      }
    }
    const pending = await (await ctx.services.store.tenant('gamma')).count('contacts', { status: 'pending' });
    console.log(
      `newsletter, ${ROUNDS} subscribed and ${ROUNDS} new addresses interleaved: median ${median(known).toFixed(3)} ms subscribed, ${median(fresh).toFixed(3)} ms new (limit: within 1 ms); ${pending} pending contacts stored and mailed after the answers`,
    );
    expect(pending).toBe(ROUNDS);
    expect(Math.abs(median(known) - median(fresh))).toBeLessThan(1);
  });
});
