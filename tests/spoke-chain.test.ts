/**
 * Spoke & Chain, a bike workshop in Burlington, Vermont, as a newcomer wrote it from
 * `sitewright new --template repair-shop` and the docs (tests/fixtures/spoke-chain), over HTTP:
 * every need of the shop proved on the one site. Two bikes a slot on the bench, whatever the
 * service; bikes, never people; its own questions; a $20 deposit with the rest at the visit; 60 days
 * ahead by plain links; closed on 25 December every year; a gift card bought in the shop, collected
 * in store, then spent on a booking; a newsletter in the footer; a map that frames nothing until
 * asked; the team's bios; and a desk that tells every time in America/New_York.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS } from '../blocks/registry.ts';
import { certificateBalance } from '../blocks/kits/gifts/certificates.ts';
import { mapKey } from '../blocks/map/osm.ts';
import { checkResult } from '../runtime/doctor/doctor.ts';
import { loadSiteFolder } from '../runtime/fleet.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import { addDays } from '../runtime/services/time.ts';
import type { Site } from '../runtime/site.ts';
import { bookingSection, PEOPLE_WORDS } from './helpers/bike-shop.ts';
import { deskClient } from './helpers/desk.ts';
import { ledgerOf, pathOf, press } from './helpers/money.ts';
import { postForm } from './helpers/posts.ts';
import { blockServicesOf } from './helpers/services.ts';
import { SpokeBuyer } from './helpers/spoke.ts';
import {
  BOOK,
  book,
  bookingsOf,
  daysOn,
  deskPages,
  dropOff,
  OWNER,
  openSpokeChain,
  outbox,
  page,
  pagerLink,
  PREFIX,
  radioOf,
  SPOKE_CHAIN_FLEET,
} from './helpers/spoke-chain.ts';
import { notesOf } from './helpers/spokes.ts';

/** 8:29 PM on Saturday, November 28, 2026 in Burlington: 01:29 on the 29th in UTC. */
const EVENING = Date.parse('2026-11-29T01:29:00Z');
const SHOWN = 'Nov 28, 2026, 8:29 PM EST';
/** A moment as Intl tells it in Burlington ("Nov 28, 2026, 8:29 PM EST"), not as the site's code does. */
const inBurlington = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: 'America/New_York',
  }).format(new Date(iso));
const SERVICES = ['standard-service', 'full-service', 'safety-check', 'repair'] as const;

// The injected clock: the booking pages, the ledger, the desk and the e-mails read it.
let now = EVENING;
const setClock = (iso: string) => {
  now = Date.parse(iso);
};
let ctx: Awaited<ReturnType<typeof openSpokeChain>>['ctx'];
let sent: MailMessage[] = [];
const desk = deskClient(
  () => ctx.app,
  () => sent,
  '10.9.0',
);

beforeAll(async () => {
  ({ ctx, sent } = await openSpokeChain(() => now));
  await ctx.app.ready();
}, 120_000);
afterAll(() => ctx?.app.close());

const post = (fields: Record<string, string>) => book(ctx.app, ctx.services.signer, fields);
const ledger = () => ledgerOf(ctx.services.store, PREFIX);
const site = () => ctx.app.fleetHolder.current.sites.get(PREFIX) as Site;
const bookingAt = async (slot: string) => (await bookingsOf(ctx.services.store)).filter((b) => b.slotId === slot);
/** Books `choice` at `slot` and pays the deposit on the test checkout; answers the checkout's path and its receipt page. */
async function bookAndPay(choice: string, slot: string, more: Record<string, string> = {}) {
  const sentTo = await post(dropOff(choice, slot, more));
  expect(sentTo.statusCode, sentTo.body.slice(0, 300)).toBe(303);
  const checkoutPath = pathOf(sentTo.headers.location);
  const checkout = await ctx.app.inject(checkoutPath);
  const paid = await press(ctx.app, checkoutPath, 'pay');
  expect(paid.statusCode).toBe(303);
  return { checkoutPath, checkout: checkout.body, receipt: (await ctx.app.inject(pathOf(paid.headers.location))).body };
}

describe('Spoke & Chain’s site file', () => {
  it('validates with no problem, and the strict doctor has nothing to say about it', async () => {
    const loaded = await loadSiteFolder(SPOKE_CHAIN_FLEET, PREFIX, BLOCKS, { keepDocument: true });
    expect(loaded.problems).toEqual([]);
    const report = checkResult(loaded, { today: '2026-11-28' });
    expect(report.checked).toBe(true);
    expect(report.pages).toBe(14);
    expect(report.findings).toEqual([]);
  });
});

describe('booking a drop-off', () => {
  it('takes two bikes a slot across the services: a third is refused, and every service shows that time full', async () => {
    now = EVENING;
    const slot = '2026-12-01T09:00';
    expect((await post(dropOff('standard-service', slot))).statusCode).toBe(303);
    expect((await page(ctx.app, `${BOOK}?choice=repair&date=2026-12-01`)).includes('(Room for 1 bike)')).toBe(true);
    expect((await post(dropOff('full-service', slot, { email: 'sam@example.com' }))).statusCode).toBe(303);
    const third = await post(dropOff('safety-check', slot, { email: 'kim@example.com' }));
    expect(third.statusCode).toBe(409);
    expect(third.body).toContain('That time has just been taken');
    expect(await bookingAt(slot)).toHaveLength(2);
    for (const service of SERVICES) {
      const notes = notesOf(await page(ctx.app, `${BOOK}?choice=${service}&date=2026-12-01`));
      expect(notes[slot], service).toBe('Full');
      expect(notes['2026-12-01T09:30'], service).toBe('Room for 2 bikes');
    }
  });

  it('says bikes, never people, on the page, the checkout, both e-mails and the desk', async () => {
    now = EVENING;
    const section = bookingSection(await page(ctx.app, `${BOOK}?choice=safety-check&date=2026-12-02`));
    expect(section).toContain('<label for="book-drop-off-party">Number of bikes');
    expect(section).toContain('30 min · 1 bike · $35 a booking');
    expect(section).toContain('(Room for 2 bikes)');
    expect(section).not.toMatch(PEOPLE_WORDS);

    const slot = '2026-12-02T17:00';
    const { checkout } = await bookAndPay('safety-check', slot);
    expect(checkout).toContain('Deposit: Safety check, 1 bike ($35 in all, $15 to pay at the visit)');
    expect(checkout).not.toMatch(PEOPLE_WORDS);
    const confirmation = sent.find((m) => m.to === 'jo@example.com' && m.text.includes('What: Safety check'));
    expect(confirmation?.text).toContain('For: 1 bike');
    const notice = sent.find((m) => m.to === OWNER && m.text.includes('booked Safety check'));
    expect(notice?.text).toContain('booked Safety check for 1 bike.');
    for (const mail of [confirmation, notice]) expect(mail?.text).not.toMatch(PEOPLE_WORDS);

    const owner = await desk.signIn(PREFIX, OWNER);
    const board = await desk.get(`/${PREFIX}/desk/bookings`, owner.cookie);
    expect(board.body).toContain('<dt>How many</dt><dd>1 bike</dd>');
    expect(/<ul class="desk-list desk-board">[\s\S]*?<\/ul>/.exec(board.body)?.[0]).not.toMatch(PEOPLE_WORDS);
    const csv = await desk.get(`/${PREFIX}/desk/export/bookings.csv`, owner.cookie);
    expect(csv.body).toContain(',Safety check,Jo Rider,jo@example.com,1 bike,Confirmed');
    expect(csv.body).not.toMatch(PEOPLE_WORDS);
  });

  it('asks its questions, refuses wrong answers beside their fields keeping every answer, and shows them on the desk under their labels', async () => {
    now = EVENING;
    const slot = '2026-12-03T08:00';
    const refused = await post(dropOff('repair', slot, { phone: 'call me', bike: 'Trek <b>FX</b>' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('<p id="book-drop-off-phone-error" class="field-error">Please enter a phone number, such as (555) 555-0142.</p>');
    expect(refused.body).toContain('Please remove the &lt; and &gt; characters from “Make and model of the bike”.');
    expect(refused.body).toMatch(/<input[^>]*name="phone"[^>]*value="call me"/);
    expect(refused.body).toMatch(/<input[^>]*name="bike"[^>]*value="Trek &lt;b&gt;FX&lt;\/b&gt;"/);
    expect(refused.body).toMatch(/<input[^>]*name="name"[^>]*value="Jo Rider"/);
    const missing = await post(dropOff('repair', slot, { phone: '' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('Please fill in “Mobile number”.');
    expect(await bookingAt(slot)).toEqual([]);

    await bookAndPay('repair', slot, { bike: 'Surly Long Haul Trucker' });
    expect((await bookingAt(slot))[0]?.answers).toEqual({ phone: '(802) 555-0199', bike: 'Surly Long Haul Trucker' });
    const owner = await desk.signIn(PREFIX, OWNER);
    const board = await desk.get(`/${PREFIX}/desk/bookings`, owner.cookie);
    expect(board.body).toContain('<dt>Mobile number</dt><dd>(802) 555-0199</dd><dt>Make and model of the bike</dt><dd>Surly Long Haul Trucker</dd>');
    expect(board.body).not.toMatch(/<dt>(phone|bike)<\/dt>/);
  });

  it('charges the $20 deposit alone, and the page, the receipt, the e-mails and the desk say the $69 left to pay', async () => {
    now = EVENING;
    const section = bookingSection(await page(ctx.app, BOOK));
    expect(section).toContain('Price: $89 per booking ($20 deposit now, $69 at the visit). You pay the deposit on the next page');
    const slot = '2026-12-01T17:30';
    const { checkoutPath, checkout, receipt } = await bookAndPay('standard-service', slot, { email: 'dana@example.com', name: 'Dana Rider' });
    const opened = (await ledger()).find((e) => e.type === 'checkout-opened' && e.checkout === checkoutPath.split('/').pop());
    expect(opened).toMatchObject({ amount: 2000, details: { total: 8900, deposit: 2000, balance: 6900 } });
    expect(checkout).toContain('Pay $20.00');
    expect((await ledger()).find((e) => e.type === 'paid' && e.checkout === opened?.checkout)).toMatchObject({ amount: 2000 });
    expect(receipt).toContain('<th scope="row">To pay at the visit</th><td class="receipt-said">$69</td>');
    expect((await outbox(ctx.dataDir)).find((m) => m.includes('This is your receipt') && m.includes('dana@example.com'))).toContain('To pay at the visit: $69');
    const booker = sent.find((m) => m.to === 'dana@example.com' && m.text.includes('What: Standard service'));
    expect(booker?.text).toContain('Deposit paid: $20\nTo pay at the visit: $69');
    expect((await bookingAt(slot))[0]).toMatchObject({ status: 'confirmed', total: 8900, deposit: 2000, balance: 6900 });
    const owner = await desk.signIn(PREFIX, OWNER);
    const board = await desk.get(`/${PREFIX}/desk/bookings`, owner.cookie);
    expect(board.body).toContain('<dt>Deposit</dt><dd>$20</dd><dt>To pay at the visit</dt><dd>$69</dd>');
  });
});

describe('a gift card from the shop', () => {
  it('is bought with a part to collect in store, with no address asked, and then pays a booking’s deposit', async () => {
    now = EVENING;
    const buyer = new SpokeBuyer(
      () => ctx.app,
      () => ctx.services.signer,
      PREFIX,
    );
    await buyer.add('gift-card', 'gift-50', '1');
    await buyer.add('inner-tube', 'standard', '1');
    const cart = await buyer.get(`/${PREFIX}/shop/cart`);
    expect(cart.body).toContain('<label for="shop-method-collect">Collect from the workshop: free (total $59)</label>');
    expect(cart.body).toContain('Collect from 1 Main Street, Burlington, Vermont. During opening hours, from the next working day.');
    expect(cart.body).not.toMatch(/<input[^>]*name="street"[^>]*required/);
    const checkout = await buyer.buy({ method: 'collect' });
    const opened = (await ledger()).find((e) => e.type === 'checkout-opened' && e.checkout === checkout);
    expect(opened?.details).toMatchObject({ delivery: { method: 'collect', label: 'Collect from the workshop', fee: 0 } });
    expect(opened?.details).not.toHaveProperty('address');
    const [card] = (await ledger()).filter((e) => e.type === 'gift-issued' && e.checkout === checkout);
    const code = String(card?.account);
    expect(code).toMatch(/^SPOKE-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(card).toMatchObject({ amount: 5000 });
    const mail = sent.find((m) => m.to === 'dana@example.com' && m.text.includes(`Your code: ${code}`));
    expect(mail?.text).toContain(`Use it online: enter the code when you book at https://sites.example.com${BOOK}`);

    const slot = '2026-12-03T09:00';
    const paid = await post(dropOff('full-service', slot, { gift: code.toLowerCase().replace(/-/g, ' ') }));
    expect(paid.statusCode).toBe(303);
    expect(pathOf(paid.headers.location)).toMatch(new RegExp(`^${BOOK}\\?booking=`));
    expect((await bookingAt(slot))[0]).toMatchObject({ status: 'confirmed', gift: code, giftAmount: 2000, balance: 14900 });
    expect(await certificateBalance(blockServicesOf(ctx.app, ctx.services), site(), code)).toBe(3000);
  });
});

describe('around the pages', () => {
  it('takes a newsletter sign-up from the footer of any page, and stores it', async () => {
    const about = await page(ctx.app, `/${PREFIX}/about`);
    expect(about.slice(about.indexOf('<footer'))).toContain(`<form action="/${PREFIX}/about" method="post">`);
    for (const [path, email] of [
      ['/services', 'ana@example.com'],
      ['/book', 'ben@example.com'],
    ] as const) {
      const res = await postForm(ctx.app, `/${PREFIX}${path}`, { _form: 'newsletter', email, _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
      expect(res.statusCode, path).toBe(303);
      expect(res.headers.location).toBe(`/${PREFIX}${path}?sent=newsletter#newsletter`);
    }
    await ctx.app.afterReply.idle();
    const contacts = await (await ctx.services.store.tenant(PREFIX)).list('contacts');
    expect(contacts.map((c) => [c.email, c.form, c.status])).toEqual([
      ['ana@example.com', 'newsletter', 'pending'],
      ['ben@example.com', 'newsletter', 'pending'],
    ]);
  });

  it('shows the workshop’s address with map links, and frames nothing from elsewhere until the map is asked for', async () => {
    const contact = await ctx.app.inject(`/${PREFIX}/contact`);
    expect(contact.body).toContain('href="https://www.openstreetmap.org/');
    expect(contact.body).toContain('Get directions');
    expect(contact.body).toContain('Show map</button>');
    expect(contact.body).not.toContain('<iframe');
    expect(contact.headers['content-security-policy']).toMatch(/frame-src https:\/\/www\.openstreetmap\.org$/);
    const home = await ctx.app.inject(`/${PREFIX}`);
    expect(home.headers['content-security-policy']).not.toContain('frame-src');
    const asked = await page(ctx.app, `/${PREFIX}/contact?map=${mapKey({ lat: 44.4759, lng: -73.2121 })}`);
    expect(asked).toMatch(/<iframe src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[^"]+" title="Map of Spoke &amp; Chain"/);
  });

  it('lists the mechanics with their bios', async () => {
    const about = await page(ctx.app, `/${PREFIX}/about`);
    expect(about).toContain('Dana Whitcomb');
    expect(about).toContain('Owner and head mechanic');
    expect(about).toContain('still builds every wheel by hand.');
    expect(about).toContain('Luis looks after motors, batteries and the software that runs them.');
    expect(about).toContain('He commutes on a cargo bike all winter, studded tyres and all.');
  });
});

describe('the owner’s desk', () => {
  it('names America/New_York on every page and tells times there: what was paid at 8:29 PM on the 28th is on the 28th', async () => {
    now = EVENING;
    const owner = await desk.signIn(PREFIX, OWNER);
    const pages = deskPages((await desk.get(`/${PREFIX}/desk`, owner.cookie)).body);
    expect(pages).toEqual(
      expect.arrayContaining([`/${PREFIX}/desk/bookings`, `/${PREFIX}/desk/shop-orders`, `/${PREFIX}/desk/money`, `/${PREFIX}/desk/activity`]),
    );
    for (const url of pages) {
      const res = await desk.get(url, owner.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Times are in America/New_York.');
      // Every moment on the page is told as it is in Burlington, whenever it happened.
      for (const [, at, shown] of res.body.matchAll(/<time datetime="([^"]+)">([^<]+)<\/time>/g)) expect(shown, url).toBe(inBurlington(at as string));
      expect(res.body, url).not.toMatch(/\bUTC\b/);
    }
    const bookings = (await desk.get(`/${PREFIX}/desk/bookings`, owner.cookie)).body;
    expect(bookings).toContain('Tuesday, December 1, 2026, 5:30 PM – 6:00 PM EST');
    expect(bookings).not.toContain('10:30 PM');
    expect((await desk.get(`/${PREFIX}/desk/money`, owner.cookie)).body).toContain(`<time datetime="2026-11-29T01:29:00.000Z">${SHOWN}</time> Paid`);
    expect((await desk.get(`/${PREFIX}/desk/shop-orders`, owner.cookie)).body).toContain(`<dt>Placed</dt><dd>${SHOWN}</dd>`);
    expect((await desk.get(`/${PREFIX}/desk/activity`, owner.cookie)).body).toContain(`<time datetime="2026-11-29T01:29:00.000Z">${SHOWN}</time>`);
  });
});

describe('the dates on offer', () => {
  it('reaches a day 50 days ahead by following "Later dates" links, plain HTML, and no day past the 60th', async () => {
    setClock('2026-11-30T14:00:00Z'); // 9:00 AM on Monday, November 30, in Burlington
    const target = addDays('2026-11-30', 50);
    expect(target).toBe('2027-01-19');
    let html = await page(ctx.app, BOOK);
    const seen = [...daysOn(html, 'standard-service')];
    let pages = 1;
    for (let next = pagerLink(html, 'Later dates'); next; next = pagerLink(html, 'Later dates')) {
      html = await page(ctx.app, next);
      expect(pagerLink(html, 'Earlier dates'), next).toBeDefined();
      seen.push(...daysOn(html, 'standard-service'));
      pages += 1;
      expect(pages).toBeLessThan(10);
    }
    expect(seen).toContain(target);
    expect(seen.at(-1)).toBe('2027-01-29');
    expect(seen.every((d) => d <= addDays('2026-11-30', 60))).toBe(true);
    const day = await page(ctx.app, `${BOOK}?choice=standard-service&date=${target}`);
    expect(radioOf(day, `${target}T09:00`)).toContain('name="slot"');
    expect((await post(dropOff('standard-service', `${target}T09:00`, { email: 'far@example.com' }))).statusCode).toBe(303);
  });

  it.each([['2026'], ['2027']])('closes 25 December %s, a day the workshop is otherwise open, on the page and to a post', async (year) => {
    setClock(`${year}-12-01T15:00:00Z`);
    expect(radioOf(await page(ctx.app, `${BOOK}?choice=standard-service&date=${year}-12-25`), `${year}-12-25T09:00`)).toBe('');
    const days = daysOn(await page(ctx.app, `${BOOK}?choice=standard-service&from=${year}-12-20`), 'standard-service');
    expect(days).toContain(`${year}-12-24`);
    expect(days).not.toContain(`${year}-12-25`);
    expect(days).toContain(`${year}-12-28`);
    const refused = await post(dropOff('standard-service', `${year}-12-25T09:00`, { email: `noel${year}@example.com` }));
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('That time cannot be booked: we are closed that day.');
    expect((await post(dropOff('standard-service', `${year}-12-24T09:00`, { email: `eve${year}@example.com` }))).statusCode).toBe(303);
  });
});
