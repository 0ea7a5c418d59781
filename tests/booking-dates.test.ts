/**
 * The dates a booking page offers, over HTTP: the whole horizon reachable a page of dates at a time
 * by plain "Earlier dates" and "Later dates" links (the same in the island's data), and a day closed
 * every year ("12-25") closed in each year, on the page and when a booking for it is posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../runtime/services/time.ts';
import { testClock } from './helpers/clock.ts';
import { bookingApp, radioOf, type BookingCtx } from './helpers/club.ts';
import { signedPost } from './helpers/money.ts';

const clock = testClock();
/** Moves the club's clock to an instant (7:00 in New York at noon UTC, before the day's 10:00 lesson). */
const setClock = (iso: string) => clock.advance(Date.parse(iso) - clock.now());
let ctx: BookingCtx;
beforeAll(async () => {
  ctx = await bookingApp(clock.now);
});
afterAll(() => ctx.app.close());

const get = async (url: string) => {
  const res = await ctx.app.inject(url);
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const daysIn = (html: string) => [...html.matchAll(/href="\/club\/lessons\?date=(\d{4}-\d{2}-\d{2})#lesson"/g)].map((m) => m[1]);
const linkOf = (html: string, text: string) => new RegExp(`<a href="([^"]+)" rel="(?:next|prev)">${text}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('a horizon of 60 days', () => {
  it('is reached by following "Later dates" from the booking page, to day 60 and no further, as plain links', async () => {
    setClock('2030-03-01T12:00:00Z');
    const first = await get('/club/lessons');
    expect(daysIn(first)).toHaveLength(14);
    expect(daysIn(first)[0]).toBe('2030-03-01');
    expect(linkOf(first, 'Earlier dates')).toBeUndefined();

    const seen = [...daysIn(first)];
    let next = linkOf(first, 'Later dates');
    let pages = 1;
    while (next) {
      expect(next).toMatch(/^\/club\/lessons\?from=\d{4}-\d{2}-\d{2}#lesson$/);
      const html = await get(next.replace(/#.*$/, ''));
      expect(linkOf(html, 'Earlier dates'), next).toBeDefined();
      seen.push(...daysIn(html));
      next = linkOf(html, 'Later dates');
      pages += 1;
      expect(pages).toBeLessThan(10);
    }
    // Every day from today to day 60, each once, in order.
    expect(seen).toEqual(Array.from({ length: 61 }, (_, i) => addDays('2030-03-01', i)));
    expect(pages).toBe(5);
    expect(radioOf(await get('/club/lessons?date=2030-04-30'), '2030-04-30T10:00')).toContain('name="slot"');
    expect(radioOf(await get('/club/lessons?date=2030-05-01'), '2030-05-01T10:00')).toBe('');
  });

  it('shows the page holding the day asked for, and goes back with "Earlier dates"', async () => {
    const html = await get('/club/lessons?date=2030-04-02');
    expect(daysIn(html)).toEqual(Array.from({ length: 14 }, (_, i) => addDays('2030-03-29', i)));
    expect(html).toContain('<a href="/club/lessons?date=2030-04-02#lesson" aria-current="date">');
    expect(linkOf(html, 'Earlier dates')).toBe('/club/lessons?from=2030-03-15#lesson');
    expect(linkOf(html, 'Later dates')).toBe('/club/lessons?from=2030-04-12#lesson');
  });

  it('gives the island the same links with the days it fetches', async () => {
    const res = await ctx.app.inject('/club/lessons?from=2030-03-15&_data=booking');
    expect(res.statusCode).toBe(200);
    const day = res.json<{ dates: { date: string }[]; date: string; earlier?: { href: string }; later?: { href: string } }>();
    expect(day.dates[0]?.date).toBe('2030-03-15');
    expect(day.date).toBe('2030-03-15');
    expect(day.earlier).toEqual({ label: 'Earlier dates', href: '/club/lessons?from=2030-03-01#lesson' });
    expect(day.later).toEqual({ label: 'Later dates', href: '/club/lessons?from=2030-03-29#lesson' });
  });
});

describe('a day closed every year', () => {
  it.each([['2030'], ['2031']])('closes 25 December %s on the page and to a booking posted for it', async (year) => {
    setClock(`${year}-12-01T12:00:00Z`);
    const html = await get(`/club/lessons?date=${year}-12-25`);
    expect(radioOf(html, `${year}-12-25T10:00`)).toBe('');
    const days = [...daysIn(html), ...daysIn(await get(`/club/lessons?from=${year}-12-20`))];
    expect(days).toContain(`${year}-12-24`);
    expect(days).not.toContain(`${year}-12-25`);
    expect(days).toContain(`${year}-12-26`);

    const answers = { _booking: 'lesson', party: '1', name: 'Noel Reyes', email: 'noel@example.com' };
    const refused = await signedPost(ctx.app, ctx.services.signer, '/club/lessons', { ...answers, slot: `${year}-12-25T10:00` });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('That time cannot be booked: we are closed that day.');
    const taken = await signedPost(ctx.app, ctx.services.signer, '/club/lessons', { ...answers, slot: `${year}-12-24T10:00` });
    expect(taken.statusCode).toBe(303);
  });
});
