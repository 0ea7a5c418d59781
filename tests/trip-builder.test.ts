/**
 * The Vine Trails trip builder over HTTP: the planned day without JavaScript (times, warnings, the
 * price), a trip booked end to end (the deposit paid through the test provider, the van's seats
 * confirmed, the confirmation e-mailed with its calendar file), a van never sold past its seats
 * however many book at once, and bad or tampered input refused beside its field with nothing kept.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planTrip, pickupTimeOn } from '../blocks/trip-builder/plan.ts';
import type { TripBuilderProps } from '../blocks/trip-builder/schema.ts';
import { clockAt, dateText } from '../blocks/trip-builder/words.ts';
import { addDays, dayOf, localDate, type Day } from '../runtime/services/time.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { holdsPlaces } from '../runtime/store/store.ts';
import { ledgerOf, ORIGIN, outboxOf, pathOf, press, signedPost } from './helpers/money.ts';
import { BLOCKS } from '../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
const PAGE = '/vinetrails/trip-builder';
const ZONE = 'America/Los_Angeles';

type Services = Awaited<ReturnType<typeof openServices>>;
let app: Awaited<ReturnType<typeof buildApp>>;
let services: Services;
let dataDir: string;
let props: TripBuilderProps;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sitewright-trips-'));
  const [fleet, opened] = await Promise.all([loadFleet(SITES, BLOCKS, ['vinetrails']), openServices(dataDir)]);
  services = opened;
  app = await buildApp({ blocks: BLOCKS, fleet, origin: ORIGIN, services, formLimits: { perVisitorPerMinute: 100_000, perSitePerTenMinutes: 100_000 } });
  app.addHook('onClose', () => services.store.close());
  const page = fleet.sites.get('vinetrails')?.data.pages.find((p) => p.path === '/trip-builder');
  props = page?.blocks?.find((b) => b.type === 'trip-builder') as unknown as TripBuilderProps;
});
afterAll(() => app?.close());

/**
 * The `nth` date from the day after tomorrow on (in Oregon) that falls on one of `days` and that
 * the van runs: far enough ahead that booking it is never too late.
 */
function dayAhead(days: readonly Day[], nth = 0): string {
  let date = addDays(localDate(Date.now(), ZONE), 2);
  for (let found = -1; ; date = addDays(date, 1)) {
    if (days.includes(dayOf(date)) && pickupTimeOn(props.van, date) && ++found === nth) return date;
  }
}

const post = (fields: Record<string, string>) => signedPost(app, services.signer, PAGE, fields);
const tenant = () => services.store.tenant('vinetrails');
const bookingsOn = async (date: string) =>
  (await (await tenant()).list('bookings', { slot: `valley-van@${date}T10:00` })).filter((r) => holdsPlaces(r, Date.now()));
const seatsTakenOn = async (date: string) => (await bookingsOn(date)).reduce((n, r) => n + Number(r.places), 0);
const planUrl = (wineries: string[], date: string, party = 4, pickup = 'depot') =>
  `${PAGE}?${wineries.map((w) => `winery-${w}=on`).join('&')}&date=${date}&party=${party}&pickup=${pickup}`;
const trip = (date: string, change: Record<string, string> = {}) => ({
  _trip: 'valley-van',
  wineries: 'alder-bend,hollis-creek,silverleaf',
  date,
  party: '4',
  pickup: 'depot',
  name: 'Ana Reyes',
  email: 'Ana@Example.com',
  ...change,
});
/** A mail's text with its quoted-printable soft breaks and escapes undone. */
const readable = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('planning a day without JavaScript', () => {
  it('shows the stops nearest first with drive, arrival and leaving times in Oregon, the method and the total', async () => {
    const date = dayAhead(['friday']);
    const page = await app.inject(planUrl(['hollis-creek', 'silverleaf', 'alder-bend'], date));
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const plan = planTrip(props, { date, party: 4, pickup: 'depot', wineries: ['alder-bend', 'hollis-creek', 'silverleaf'] }, 'USD');
    if (!plan) throw new Error('no plan');
    expect(page.body).toContain(`Your day: ${dateText(date, 'en-US')}`);
    // From the depot in Sauvelle, Alder Bend is nearest, then Hollis Creek, then Silverleaf.
    expect(page.body).toMatch(/<h4>1\. Alder Bend Winery<\/h4>[\s\S]*<h4>2\. Hollis Creek Vineyards<\/h4>[\s\S]*<h4>3\. Silverleaf Cellars<\/h4>/);
    for (const stop of plan.stops) expect(page.body).toContain(`Arrive ${clockAt(stop.arrive, ZONE, 'en-US')}`);
    expect(page.body).toContain('The van leaves Vine Trails office at 10:00 AM');
    expect(page.body).toMatch(/All times are P[SD]T \(America\/Los_Angeles\)\./);
    expect(page.body).toContain('by the haversine formula), multiply it by 1.3 because roads wind, and divide it by an average speed of 60 km/h');
    // ($99 + $25 + $25 + $30) × 4 guests; 30% of it to book.
    expect(page.body).toMatch(/Total<\/th><td>\$716<\/td>/);
    expect(page.body).toMatch(/Deposit to book \(30%\)<\/th><td>\$214\.80<\/td>/);
    expect(page.body).toContain('14 of the van’s 14 seats are free that day.');
    expect(page.body).not.toContain('Warning:');
    expect(page.body).toContain('<h3 id="trip-valley-van-book-heading">Book this trip</h3>');
    expect(page.body).toContain('<input type="hidden" name="wineries" value="alder-bend,hollis-creek,silverleaf"/>');
  });

  it('warns of a winery closed that day and offers no booking; warns of a visit that runs past closing time', async () => {
    const wednesday = dayAhead(['wednesday']);
    const closed = await app.inject(planUrl(['hollis-creek', 'marrow-lane'], wednesday));
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toContain('<strong>Warning: </strong>Marrow Lane Wine Co. is closed on Wednesdays.');
    expect(closed.body).toContain('This plan cannot be booked.');
    expect(closed.body).not.toContain('method="post"');

    // In this order the day ends at Two Ravens, which closes at 3 PM.
    const saturday = dayAhead(['saturday']);
    const late = await app.inject(`${PAGE}?wineries=belden,marrow-lane,hollis-creek,two-ravens&order=own&date=${saturday}&party=2&pickup=depot`);
    expect(late.statusCode).toBe(200);
    expect(late.body).toMatch(/<h4>4\. Two Ravens Cellar<\/h4>/);
    expect(late.body).toMatch(/<strong>Warning: <\/strong>The visit runs \d+ min past closing time: Two Ravens Cellar closes at 3:00 PM\./);
    expect(late.body).toContain('Marrow Lane Wine Co. opens at 12:00 PM: the tasting starts then');
    // Cut short, but possible: it can still be booked.
    expect(late.body).toContain('Book this trip</h3>');
  });

  it('keeps the visitor’s own order, and reorders through the move buttons without JavaScript', async () => {
    const date = dayAhead(['friday']);
    const own = await app.inject(`${PAGE}?wineries=silverleaf,alder-bend&order=own&date=${date}&party=2&pickup=depot`);
    expect(own.body).toMatch(/<h4>1\. Silverleaf Cellars<\/h4>[\s\S]*<h4>2\. Alder Bend Winery<\/h4>/);
    const nearest = await app.inject(`${PAGE}?wineries=silverleaf,alder-bend&date=${date}&party=2&pickup=depot`);
    expect(nearest.body).toMatch(/<h4>1\. Alder Bend Winery<\/h4>[\s\S]*<h4>2\. Silverleaf Cellars<\/h4>/);
    // The reorder form sends the day and the new order: what a click on "Move down" asks for.
    const button = /<button type="submit"[^>]*id="trip-valley-van-alder-bend-down" value="([^"]+)"/.exec(nearest.body);
    expect(button?.[1]).toBe('silverleaf,alder-bend');
    const moved = await app.inject(`${PAGE}?date=${date}&party=2&pickup=depot&order=own&wineries=${encodeURIComponent(button?.[1] ?? '')}`);
    expect(moved.body).toMatch(/<h4>1\. Silverleaf Cellars<\/h4>[\s\S]*<h4>2\. Alder Bend Winery<\/h4>/);
  });

  it('shows what is wrong beside each field of the planner, and plans nothing', async () => {
    const page = await app.inject(`${PAGE}?winery-hollis-creek=on&winery-pinot-palace=on&date=2020-01-01&party=40&pickup=airport`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p id="trip-valley-van-wineries-error" class="field-error">“pinot-palace” is not one of our wineries');
    expect(page.body).toContain('<p id="trip-valley-van-date-error" class="field-error">Wednesday, January 1, 2020 has passed');
    expect(page.body).toContain('<p id="trip-valley-van-party-error" class="field-error">Choose from 1 to 8 guests.</p>');
    expect(page.body).toContain('<p id="trip-valley-van-pickup-error" class="field-error">Please choose a pickup point from the list.</p>');
    expect(page.body).not.toContain('trip-plan-heading');
  });
});

describe('booking a trip', () => {
  it('holds the seats, takes the deposit, and once paid confirms the trip and e-mails it with a calendar file', async () => {
    const date = dayAhead(['friday'], 1);
    const sent = await post(trip(date));
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    expect(checkoutPath).toMatch(/^\/payments\/test\/vinetrails\/[A-Za-z0-9_-]{22}$/);
    const checkout = checkoutPath.split('/').pop();
    const opened = (await ledgerOf(services.store, 'vinetrails')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    // The deposit: 30% of ($99 + $25 + $25 + $30) × 4, worked out from the site's file.
    expect(opened).toMatchObject({ amount: 21480, purpose: 'trip-builder', email: 'ana@example.com', page: '/trip-builder' });
    expect(opened?.details).toMatchObject({ party: 4, total: 71600, deposit: 21480, balance: 50120, wineries: ['alder-bend', 'hollis-creek', 'silverleaf'] });
    const [held] = await bookingsOn(date);
    expect(held).toMatchObject({ status: 'held', places: 4, resource: 'valley-van', capacity: 14 });

    const paid = await press(app, checkoutPath, 'pay');
    expect(paid.statusCode).toBe(303);
    const receipt = await app.inject(pathOf(paid.headers.location));
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('$214.80');

    const [booking] = await bookingsOn(date);
    expect(booking).toMatchObject({ status: 'confirmed', places: 4, checkout });
    const mails = (await outboxOf(dataDir)).map(readable);
    const confirmation = mails.find((m) => m.includes('Your trip with Vine Trails Winery Tours is confirmed.'));
    expect(confirmation).toBeDefined();
    expect(confirmation).toContain('To: ana@example.com');
    expect(confirmation).toContain('10:00 AM: leave Vine Trails office');
    expect(confirmation).toContain('Alder Bend Winery, tasting until');
    expect(confirmation).toContain('Deposit paid: $214.80');
    expect(confirmation).toContain('To pay on the day: $501.20');
    const ics = /Content-Type: text\/calendar[^\n]*\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\r\n]+)/.exec(confirmation ?? '')?.[1] ?? '';
    const calendar = Buffer.from(ics.replace(/\s/g, ''), 'base64').toString('utf8');
    expect(calendar).toContain('BEGIN:VCALENDAR');
    // 10:00 in Oregon, in UTC: 17:00 in summer time, 18:00 in winter.
    expect(calendar).toMatch(new RegExp(`DTSTART:${date.replace(/-/g, '')}T1[78]0000Z`));
    expect(mails.some((m) => m.includes('Ana Reyes (ana@example.com) booked Your own winery day for 4 guests.'))).toBe(true);

    const link = /\/vinetrails\/trip-builder\?booking=[^\s]+/.exec(confirmation ?? '')?.[0];
    const view = await app.inject(link as string);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`Your trip on ${dateText(date, 'en-US')}`);
    expect(view.body).toContain('<strong>Confirmed</strong>');
    expect(view.body).not.toContain('Ana@');
    for (const forged of ['forged', 'Ym9va2luZw.abc']) {
      const none = await app.inject(`${PAGE}?booking=${forged}`);
      expect(none.statusCode).toBe(200);
      expect(none.body).toContain('This link does not name a trip.');
      expect(none.body).not.toContain('Ana Reyes');
    }
    const after = await app.inject(planUrl(['hollis-creek', 'silverleaf'], date));
    expect(after.body).toContain('10 of the van’s 14 seats are free that day.');
  });

  it('never sells more seats than the van has, however many book at once', async () => {
    const date = dayAhead(['sunday'], 1);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(trip(date, { email: `guest${i}@example.com` }))));
    const codes = answers.map((a) => a.statusCode);
    // 14 seats: three groups of 4, and 2 seats left.
    expect(codes.filter((c) => c === 303)).toHaveLength(3);
    expect(codes.every((c) => c === 303 || c === 409)).toBe(true);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.body).toContain('Only 2 seats are left that day: please choose a smaller group or another date.');
    expect(await seatsTakenOn(date)).toBe(12);

    expect((await post(trip(date, { party: '2' }))).statusCode).toBe(303);
    const full = await post(trip(date, { party: '1' }));
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain('<p id="trip-valley-van-date-error" class="field-error">The van is full that day: please choose another date.</p>');
    expect(await seatsTakenOn(date)).toBe(14);
    const page = await app.inject(planUrl(['hollis-creek', 'silverleaf'], date, 1));
    expect(page.body).toContain('The van is full that day: please choose another date.');
    expect(page.body).not.toContain('method="post"');
  });
});

describe('booking a trip with bad input', () => {
  it('refuses bad input beside its field with a 4xx, keeps nothing, and never fails', async () => {
    const date = dayAhead(['thursday']);
    const wednesday = dayAhead(['wednesday']);
    let tuesday = addDays(localDate(Date.now(), ZONE), 2);
    while (dayOf(tuesday) !== 'tuesday') tuesday = addDays(tuesday, 1);
    const last = addDays(localDate(Date.now(), ZONE), props.van.horizonDays ?? 60);
    const cases: [Record<string, string>, number, string, string][] = [
      [{ wineries: 'hollis-creek' }, 422, 'wineries', 'Please choose at least 2 wineries (you chose 1).'],
      [{ wineries: 'hollis-creek,silverleaf,alder-bend,ortiz-hill,crestview' }, 422, 'wineries', 'Please choose at most 4 wineries'],
      [{ wineries: 'hollis-creek,chateau-imaginaire' }, 422, 'wineries', '“chateau-imaginaire” is not one of our wineries'],
      [{ wineries: 'hollis-creek,hollis-creek' }, 422, 'wineries', 'Each winery can be visited once'],
      [{ wineries: 'hollis-creek,marrow-lane', date: wednesday }, 422, 'wineries', 'Marrow Lane Wine Co. is closed on Wednesdays.'],
      [{ date: addDays(localDate(Date.now(), ZONE), -3) }, 422, 'date', 'has passed'],
      [{ date: addDays(last, 1) }, 422, 'date', 'Trips can be booked until'],
      [{ date: tuesday }, 422, 'date', 'The van does not run on Tuesdays'],
      [{ date: 'next friday' }, 422, 'date', 'Please choose a date from the calendar'],
      [{ party: '0' }, 422, 'party', 'Choose from 1 to 8 guests.'],
      [{ party: '9' }, 422, 'party', 'Choose from 1 to 8 guests.'],
      [{ party: 'lots' }, 422, 'party', 'Choose from 1 to 8 guests.'],
      [{ pickup: 'airport' }, 422, 'pickup', 'Please choose a pickup point from the list.'],
      [{ name: '' }, 422, 'name', 'Please enter the name the trip is booked under.'],
      [{ email: 'not-an-address' }, 422, 'email', 'Please enter an e-mail address such as name@example.com.'],
    ];
    const before = (await (await tenant()).list('bookings')).length;
    const ledger = (await ledgerOf(services.store, 'vinetrails')).length;
    for (const [change, status, field, message] of cases) {
      const answer = await post(trip(date, change));
      expect(answer.statusCode, JSON.stringify(change)).toBe(status);
      expect(answer.body, JSON.stringify(change)).toMatch(
        new RegExp(`<p id="trip-valley-van-${field}-error" class="field-error">[^<]*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    }
    // A price, a total or a deposit is never read from a post: a body with one is not this form's.
    const tamperings: Record<string, string>[] = [{ price: '1' }, { total: '1' }, { deposit: '0.01' }, { amount: '1' }];
    for (const tampered of tamperings) {
      const answer = await post(trip(date, tampered));
      expect(answer.statusCode, JSON.stringify(tampered)).toBe(400);
      expect(answer.body).toContain('The form could not be read. Please plan your trip again.');
    }
    // A field sent twice is not this form's either.
    const twice = await app.inject({
      method: 'POST',
      url: PAGE,
      payload: `${new URLSearchParams({ _t: services.signer.timeToken(Date.now() - 10_000), ...trip(date) }).toString()}&party=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(twice.statusCode).toBe(400);
    expect((await (await tenant()).list('bookings')).length).toBe(before);
    expect((await ledgerOf(services.store, 'vinetrails')).length).toBe(ledger);
  });

  it('answers a script with the messages as JSON, and keeps the plan on a refused page', async () => {
    const date = dayAhead(['thursday']);
    const answer = await app.inject({
      method: 'POST',
      url: PAGE,
      payload: new URLSearchParams({ _t: services.signer.timeToken(Date.now() - 10_000), ...trip(date, { email: 'nope' }) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ ok: false, errors: { email: 'Please enter an e-mail address such as name@example.com.' } });
    const page = await post(trip(date, { email: 'nope' }));
    expect(page.body).toMatch(/<h4>1\. Alder Bend Winery<\/h4>/);
    expect(page.body).toContain('value="Ana Reyes"');
    expect(page.body).toMatch(/Total<\/th><td>\$716<\/td>/);
  });
});
