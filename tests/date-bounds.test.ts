/**
 * A date question's `min` and `max`: a date, `today` or days from today, with today read in the
 * site's time zone from the server's clock (a test's own). The page's input carries them as dates,
 * the server refuses a date outside them beside the field, and a kept page is made again at the
 * site's midnight, so it never offers yesterday's first date.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageCache } from '../runtime/server/site-pages.ts';
import { appWithData } from './helpers/app.ts';
import { postForm } from './helpers/posts.ts';
import { BASE_YAML, load, problemsOf, siteFrom, targetAt } from './helpers/site.tsx';

/** A site in Chicago, writing its dates the British way, with a form whose dates move with the day. */
const siteYaml = (field = '- { name: moveDay, label: Moving day, kind: date, required: true, min: +1d, max: +60d }') => `${BASE_YAML.replace(
  '  phone:',
  '  language: en-GB\n  timeZone: America/Chicago\n  phone:',
)}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Moving made easy
  - path: /quote
    title: A quote
    blocks:
      - type: form
        form: quote
        fields:
          - { name: fullName, label: Your name, required: true }
          ${field}
          - { name: lastVisit, label: Our last visit, kind: date, min: 2026-01-01, max: today }
`;

/** 23:30 on 24 November 2026 in Chicago: already the 25th in UTC. */
const EVENING = Date.parse('2026-11-25T05:30:00Z');
let now = EVENING;
const clock = () => now;
const inputOf = (html: string, name: string) => new RegExp(`<input[^>]*id="quote-${name}"[^>]*>`).exec(html)?.[0] ?? '';

describe('how an author writes them', () => {
  it('takes a date, today or days from today on a date question', () => {
    for (const bound of ['2026-12-01', 'today', '+7d', '-30d']) {
      expect(load(siteYaml(`- { name: moveDay, label: Moving day, kind: date, min: ${bound} }`)).problems, bound).toEqual([]);
    }
  });

  it('refuses anything else with the forms it takes, and the fix it gives works as written', () => {
    const broken = siteYaml('- { name: moveDay, label: Moving day, kind: date, min: next week }');
    const [problem, ...more] = load(broken).problems;
    expect(more).toEqual([]);
    expect(problem?.code).toBe('SW_BAD_FORMAT');
    expect(problem?.detail).toContain('is not a date such as 2026-12-01, today, or days from today such as +7d or -30d: "next week"');
    expect(problem?.fix).toBe('write it like min: today');
    expect(load(broken.replace('min: next week', 'min: today')).problems).toEqual([]);
  });

  it('still wants a number on a number question, and a date question a date', () => {
    const [wrong] = problemsOf(siteYaml('- { name: movers, label: How many movers, kind: number, min: today }'));
    expect(wrong).toContain('SW_WRONG_TYPE');
    expect(wrong).toContain('should be a number, but it is "today"');
    const [five] = problemsOf(siteYaml('- { name: moveDay, label: Moving day, kind: date, min: 5 }'));
    expect(five).toContain('Fix: write a date such as 2026-12-01, today, or days from today such as +7d or -30d, like min: today');
  });

  it('refuses a date not on the calendar, a last date before the first, and a time zone there is not', () => {
    expect(problemsOf(siteYaml('- { name: moveDay, label: Moving day, kind: date, min: 2026-02-30 }')).join('\n')).toContain(
      '"2026-02-30" is not a day of the calendar',
    );
    expect(problemsOf(siteYaml('- { name: moveDay, label: Moving day, kind: date, min: +30d, max: +7d }')).join('\n')).toContain('SW_OUT_OF_RANGE');
    const zone = problemsOf(siteYaml().replace('America/Chicago', 'America/Chicagoo'));
    expect(zone.join('\n')).toContain('Fix: did you mean "America/Chicago"? Write it like timeZone: America/Chicago');
  });
});

describe('served', () => {
  let ctx: Awaited<ReturnType<typeof appWithData>>;
  beforeAll(async () => {
    const sites = await mkdtemp(join(tmpdir(), 'sitewright-dates-'));
    await mkdir(join(sites, 'movers'));
    await writeFile(join(sites, 'movers', 'site.yaml'), siteYaml());
    ctx = await appWithData(sites, undefined, undefined, { now: clock });
  });
  afterAll(() => ctx.app.close());

  const send = (fields: Record<string, string>) =>
    postForm(ctx.app, '/movers/quote', { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'quote', fullName: 'Ann Lee', ...fields });

  it("gives the page's date inputs their first and last dates, for today in the site's time zone", async () => {
    now = EVENING;
    const page = await ctx.app.inject('/movers/quote');
    expect(inputOf(page.body, 'moveDay')).toContain('type="date"');
    expect(inputOf(page.body, 'moveDay')).toContain('min="2026-11-25"');
    expect(inputOf(page.body, 'moveDay')).toContain('max="2027-01-23"');
    expect(inputOf(page.body, 'lastVisit')).toMatch(/min="2026-01-01" max="2026-11-24"/);
  });

  it('refuses a date outside them beside its field, and takes one inside', async () => {
    now = EVENING;
    const early = await send({ moveDay: '2026-11-24' });
    expect(early.statusCode).toBe(422);
    expect(early.body).toContain('id="quote-moveDay-error" class="field-error">Please choose a date on or after 25 November 2026.</p>');
    const late = await send({ moveDay: '2027-01-24' });
    expect(late.statusCode).toBe(422);
    expect(late.body).toContain('Please choose a date on or before 23 January 2027.');
    const json = await postForm(
      ctx.app,
      '/movers/quote',
      { _t: ctx.services.signer.timeToken(Date.now() - 10_000), _form: 'quote', fullName: 'Ann Lee', moveDay: '2026-11-25', lastVisit: '2026-11-25' },
      { accept: 'application/json' },
    );
    expect(json.json()).toMatchObject({ ok: false, errors: { lastVisit: 'Please choose a date on or before 24 November 2026.' } });
    expect(await (await ctx.services.store.tenant('movers')).count('submissions')).toBe(0);
    expect((await send({ moveDay: '2026-11-25', lastVisit: '2026-11-24' })).statusCode).toBe(303);
    expect((await send({ moveDay: '2027-01-23' })).statusCode).toBe(303);
    expect(await (await ctx.services.store.tenant('movers')).count('submissions')).toBe(2);
  });

  it("moves on at the site's midnight, not at UTC's", async () => {
    now = EVENING + 29 * 60_000;
    expect(inputOf((await ctx.app.inject('/movers/quote')).body, 'moveDay')).toContain('min="2026-11-25"');
    expect((await send({ moveDay: '2026-11-25' })).statusCode).toBe(303);
    now = EVENING + 31 * 60_000;
    expect(inputOf((await ctx.app.inject('/movers/quote')).body, 'moveDay')).toContain('min="2026-11-26"');
    const refused = await send({ moveDay: '2026-11-25' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Please choose a date on or after 26 November 2026.');
  });
});

describe('the page cache', () => {
  it("keeps a page with today's dates until the site's midnight, then makes it again", () => {
    const site = siteFrom(siteYaml(), 'movers');
    let t = EVENING;
    const pages = new PageCache({ origin: 'https://x.example', assetsFor: () => ({ stylesheet: '/s.css' }), now: () => t });
    const target = targetAt(site, '/quote');
    const evening = pages.page(site, target);
    expect(evening.cached.body.toString()).toContain('min="2026-11-25"');
    t = Date.parse('2026-11-25T05:59:59.999Z');
    expect(pages.page(site, target)).toBe(evening);
    t = Date.parse('2026-11-25T06:00:00Z');
    const midnight = pages.page(site, target);
    expect(midnight).not.toBe(evening);
    expect(midnight.cached.body.toString()).toContain('min="2026-11-26"');
    // A page whose dates do not move is kept as it is.
    const home = pages.page(site, targetAt(site, '/'));
    t += 3 * 3600_000;
    expect(pages.page(site, targetAt(site, '/'))).toBe(home);
  });

  it('knows the midnight of a day when the clocks change', () => {
    // Chicago's clocks go back at 02:00 on 1 November 2026: that day begins at 05:00 UTC (CDT), the next at 06:00 UTC (CST).
    const site = siteFrom(siteYaml(), 'movers');
    let t = Date.parse('2026-11-01T04:30:00Z');
    const pages = new PageCache({ origin: 'https://x.example', assetsFor: () => ({ stylesheet: '/s.css' }), now: () => t });
    const minOf = () => /id="quote-moveDay"[^>]*min="([\d-]+)"/.exec(pages.page(site, targetAt(site, '/quote')).cached.body.toString())?.[1];
    expect(minOf()).toBe('2026-11-01');
    t = Date.parse('2026-11-01T05:00:00Z');
    expect(minOf()).toBe('2026-11-02');
    t = Date.parse('2026-11-02T05:59:59Z');
    expect(minOf()).toBe('2026-11-02');
    t = Date.parse('2026-11-02T06:00:00Z');
    expect(minOf()).toBe('2026-11-03');
  });
});
