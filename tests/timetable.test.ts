/**
 * The week of a booking block's classes over HTTP: every session of seven days with its places
 * left, fewer places once some are booked, a full class shown without a link, a session's link
 * opening the booking page with its class and time chosen, and a timetable that names no booking
 * block refused by validation at its line.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatResults } from '../cli/report.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { ORIGIN, pathOf, press, signedPost } from './helpers/money.ts';
import { BLOCKS } from '../blocks/registry.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/timetable/', import.meta.url));
/** Monday 21 December 2026, 08:10 in Denver: the week runs to Sunday the 27th, with Christmas Eve's one start and Christmas Day closed. */
const START = Date.parse('2026-12-21T15:10:00Z');

let app: Awaited<ReturnType<typeof buildApp>>;
let services: Awaited<ReturnType<typeof openServices>>;
let offset = 0;
/** The services' clock: it stands still unless a test moves it. */
const now = () => START + offset;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sitewright-timetable-'));
  const [fleet, opened] = await Promise.all([loadFleet(join(FIXTURES, 'fleet'), BLOCKS), openServices(dataDir, () => {}, { now })]);
  services = opened;
  app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits: { perVisitorPerMinute: 10_000, perSitePerTenMinutes: 10_000 } });
  app.addHook('onClose', () => services.store.close());
});
afterAll(() => app?.close());

const week = async () => {
  const page = await app.inject('/gym/classes');
  expect(page.statusCode).toBe(200);
  return page.body;
};
/** The list item of one session, as rendered. */
const sessionOf = (html: string, choice: string, slot: string) =>
  new RegExp(`<li class="timetable-session[^"]*">(?:(?!</li>).)*?(?:choice=${choice}&amp;slot=${slot}|dateTime="${slot})(?:(?!</li>).)*</li>`).exec(
    html,
  )?.[0] ?? '';
const book = (choice: string, slot: string, party: string) =>
  signedPost(app, services.signer, '/gym/classes/book', { _booking: 'classes', choice, slot, party, name: 'Noor Haddad', email: 'noor@example.com' });

describe('the week of classes', () => {
  it('shows seven days from today in the gym’s zone, each session with its places left or why it cannot be booked', async () => {
    const html = await week();
    const days = [...html.matchAll(/<h3 id="timetable-classes-(\d{4}-\d{2}-\d{2})">/g)].map((m) => m[1]);
    expect(days).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27']);
    expect(html).toContain('<li class="timetable-day" aria-current="date">');
    expect(html).toContain('<span class="timetable-weekday">Monday,</span> <!-- -->December 21</time><span class="timetable-today"> (today)</span>');

    // Today at 08:10: 06:00 is over, 07:45 under way, 09:00 inside the hour of lead time, 18:00 open.
    expect(sessionOf(html, 'barbell', '2026-12-21T06:00')).toContain('Finished');
    expect(sessionOf(html, 'yoga', '2026-12-21T07:45')).toContain('Under way');
    expect(sessionOf(html, 'yoga', '2026-12-21T09:00')).toContain('Too late to book online');
    for (const slot of ['2026-12-21T06:00', '2026-12-21T07:45', '2026-12-21T09:00']) expect(html).not.toContain(`slot=${slot}`);
    const evening = sessionOf(html, 'barbell', '2026-12-21T18:00');
    expect(evening).toContain(
      '<a class="timetable-card" href="/gym/classes/book?choice=barbell&amp;slot=2026-12-21T18:00#classes"><time class="timetable-time" dateTime="2026-12-21T18:00-07:00">6:00 PM</time> <span class="timetable-class">Barbell</span> <time class="timetable-length" dateTime="PT60M">60 min</time> <span class="timetable-left">4 places left</span></a>',
    );
    expect(sessionOf(html, 'yoga', '2026-12-21T19:00')).toContain('2 places left');

    // Christmas Eve has its one start for each class; Christmas Day is closed; Sunday is past the five-day horizon.
    const eve = /<h3 id="timetable-classes-2026-12-24">.*?<\/ul>/.exec(html)?.[0] ?? '';
    expect([...eve.matchAll(/slot=([\dT:-]+)/g)].map((m) => m[1])).toEqual(['2026-12-24T08:00', '2026-12-24T08:00']);
    expect(html).toMatch(/<h3 id="timetable-classes-2026-12-25">.*?<\/h3><p class="timetable-none">Closed<\/p>/);
    expect(sessionOf(html, 'barbell', '2026-12-27T18:00')).toContain('Not open for booking yet');
    expect(html).not.toContain('slot=2026-12-27');
    expect(html).toContain('<a href="/gym/classes/book#classes">Book further ahead</a>');
  });

  it('shows fewer places once some are held, the same once paid, and all of them again when a hold lapses unpaid', async () => {
    const slot = '2026-12-22T18:00';
    const held = await book('barbell', slot, '2');
    expect(held.statusCode).toBe(303);
    expect(sessionOf(await week(), 'barbell', slot)).toContain('2 places left');
    expect((await press(app, pathOf(held.headers.location), 'pay')).statusCode).toBe(303);
    expect(sessionOf(await week(), 'barbell', slot)).toContain('2 places left');

    const other = '2026-12-23T18:00';
    expect((await book('barbell', other, '1')).statusCode).toBe(303);
    expect(sessionOf(await week(), 'barbell', other)).toContain('3 places left');
    offset += 11 * 60_000;
    expect(sessionOf(await week(), 'barbell', other)).toContain('4 places left');
  });

  it('shows a full class as Full, without a link', async () => {
    const slot = '2026-12-22T19:00';
    expect(sessionOf(await week(), 'yoga', slot)).toContain('href=');
    const paid = await book('yoga', slot, '2');
    expect(paid.statusCode).toBe(303);
    await press(app, pathOf(paid.headers.location), 'pay');
    const full = sessionOf(await week(), 'yoga', slot);
    expect(full).toBe(
      '<li class="timetable-session timetable-full"><div class="timetable-card"><time class="timetable-time" dateTime="2026-12-22T19:00-07:00">7:00 PM</time> <span class="timetable-class">Yoga for lifters</span> <time class="timetable-length" dateTime="PT45M">45 min</time> <span class="timetable-left">Full</span></div></li>',
    );
    // The booking page agrees: the time cannot be chosen.
    expect((await book('yoga', slot, '1')).statusCode).toBe(409);
  });

  it('links a session to the booking page with its class, day and time chosen', async () => {
    const html = await week();
    const href = /href="([^"]*slot=2026-12-23T07:45[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBe('/gym/classes/book?choice=yoga&slot=2026-12-23T07:45#classes');
    const page = await app.inject((href as string).split('#')[0] as string);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<a href="\/gym\/classes\/book\?choice=yoga#classes" aria-current="true">/);
    expect(page.body).toContain('<legend>Yoga for lifters: time on Wednesday, December 23, 2026');
    expect(page.body).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="2026-12-23T07:45"\/>/);
    expect(page.body).toContain('id="classes"');
  });
});

describe('a timetable that names no booking block', () => {
  it('is refused by validate at its line, with the names it could have meant', async () => {
    const fleet = await loadFleet(join(FIXTURES, 'broken'), BLOCKS);
    expect(fleet.sites.size).toBe(0);
    const printed = formatResults(fleet.results);
    expect(printed).toContain('site.yaml:34:18  SW_NOT_ALLOWED');
    expect(`${printed}\n`).toBe(await readFile(join(FIXTURES, 'broken.expected.txt'), 'utf8'));
  });
});
