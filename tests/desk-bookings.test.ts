/**
 * The desk's boards over HTTP: a site's bookings, soonest first at their local time, cancelled by
 * the owner (places freed, a paid one refunded through the ledger); each action needs the
 * session's CSRF token and is kept in the activity list; another site's owner reaches nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../runtime/services/time.ts';
import { certificateBalance, issueCertificate } from '../blocks/kits/gifts/certificates.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { Site } from '../runtime/site.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import type { appWithData } from './helpers/app.ts';
import { testClock } from './helpers/clock.ts';
import { deskApp, deskClient } from './helpers/desk.ts';
import { ledgerOf, pathOf, press, signedPost } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';

const clock = testClock();
let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
const ZONE = 'America/New_York';
const dayAhead = (days: number) => addDays(localDate(Date.now(), ZONE), days);

const { get, post, signIn } = deskClient(
  () => ctx.app,
  () => sent,
  '10.2.0',
);

const services = () => blockServicesOf(ctx.app, ctx.services);
const alphaSite = () => ctx.app.fleetHolder.current.sites.get('alpha') as Site;
const bookingsOf = async (site: string) => (await ctx.services.store.tenant(site)).list('bookings');
const activityOf = async (site: string) => (await (await ctx.services.store.tenant(site)).list('deskActivity')).map((a) => String(a.detail));

/** Books a slot as a visitor does; pays for it when asked. Returns the booking record. */
async function book(slot: string, name: string, email: string, pay: boolean): Promise<StoredRecord> {
  const res = await signedPost(ctx.app, ctx.services.signer, '/alpha/book', { _booking: 'boiler-check', slot, party: '2', name, email });
  expect(res.statusCode).toBe(303);
  if (pay) expect((await press(ctx.app, pathOf(res.headers.location), 'pay')).statusCode).toBe(303);
  return (await bookingsOf('alpha')).find((b) => b.slotId === slot && b.status !== 'cancelled') as StoredRecord;
}

/** An order as the order block stores it when a guest places one to pay at pickup (or has paid online). */
async function placeOrder(
  site: string,
  number: string,
  name: string,
  email: string,
  status: 'placed' | 'paid' = 'placed',
  more: { phone?: string; note?: string } = {},
): Promise<StoredRecord> {
  const startUtc = new Date(Date.now() + 26 * 3_600_000).toISOString();
  return (await ctx.services.store.tenant(site)).add('orders', {
    scope: 'order:/menu',
    number,
    status,
    slotId: startUtc.slice(0, 16),
    slot: `order:/menu@${startUtc.slice(0, 16)}`,
    startUtc,
    fulfilment: 'pickup',
    payment: status === 'paid' ? 'online' : 'at-pickup',
    name,
    email,
    ...more,
    lines: [{ item: 'sourdough-loaf', name: 'Sourdough loaf', options: [], quantity: 2, unit: 600, total: 1200 }],
    subtotal: 1200,
    fee: 0,
    total: 1200,
    currency: 'USD',
  });
}

let olga: { cookie: string; csrf: string };
let bea: { cookie: string; csrf: string };
let paid: StoredRecord;
let alphaOrder: StoredRecord;
let betaOrder: StoredRecord;
let unpaid: StoredRecord;

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: clock.now }, { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } }));
  paid = await book(`${dayAhead(4)}T14:00`, 'Rosa <b>Diaz</b>', 'rosa@example.com', true);
  unpaid = await book(`${dayAhead(2)}T10:00`, 'Tom Early', 'tom@example.com', false);
  alphaOrder = await placeOrder('alpha', 'A1B2C3', '=Nina Nash', 'nina@example.com', 'placed', {
    phone: '+1 555 0134',
    note: '=HYPERLINK("x") No sesame, <b>nut</b> allergy',
  });
  betaOrder = await placeOrder('beta', 'BEEF01', 'Secret Baker', 'baker@example.com', 'paid');
  olga = await signIn('alpha', 'olga@alpha.example.com');
  bea = await signIn('beta', 'bea@beta.example.com');
});
afterAll(() => ctx.app.close());

describe('bookings on the desk', () => {
  it('sends anyone without a session to the sign-in page', async () => {
    const res = await get('/alpha/desk/bookings');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Send me a sign-in link');
    expect(res.body).not.toContain('Rosa');
  });

  it('lists the coming bookings soonest first, at their local time, escaped, with a Cancel button carrying the CSRF token', async () => {
    expect(paid).toMatchObject({ status: 'confirmed' });
    const res = await get('/alpha/desk/bookings', olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<a href="/alpha/desk/bookings" aria-current="page">Bookings</a>');
    const tom = res.body.indexOf('Tom Early');
    const rosa = res.body.indexOf('Rosa &lt;b&gt;Diaz&lt;/b&gt;');
    expect(tom).toBeGreaterThan(-1);
    expect(rosa).toBeGreaterThan(tom);
    expect(res.body).not.toContain('<b>Diaz');
    // 14:00 in New York, whatever the server's zone.
    expect(res.body).toMatch(/2:00\s?PM – 3:00\s?PM E[SD]T/);
    expect(res.body).toContain('<dt>How many</dt><dd>2</dd>');
    expect(res.body).toContain('<dd>Confirmed</dd>');
    expect(res.body).toContain('<dd>Being paid</dd>');
    expect(res.body).toContain(`<form method="post" action="/alpha/desk/bookings/${paid.id}/cancel"><input type="hidden" name="_csrf" value="${olga.csrf}">`);
  });

  it('gives the list as formula-safe CSV and records the download', async () => {
    const res = await get('/alpha/desk/export/bookings.csv', olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.split('\n')[0]).toBe('When,What,Who,E-mail,How many,Status');
    expect(res.body).toContain('Rosa <b>Diaz</b>,rosa@example.com,2,Confirmed');
    expect(await activityOf('alpha')).toContain('downloaded 2 bookings as CSV');
  });

  it('refuses a cancel without the CSRF token, and leaves the booking alone', async () => {
    const res = await post(`/alpha/desk/bookings/${paid.id}/cancel`, {}, olga.cookie);
    expect(res.statusCode).toBe(403);
    expect((await bookingsOf('alpha')).find((b) => b.id === paid.id)).toMatchObject({ status: 'confirmed' });
  });

  it("does not let another site's owner see or cancel this site's bookings", async () => {
    const page = await get('/beta/desk/bookings', bea.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Rosa');
    const res = await post(`/beta/desk/bookings/${paid.id}/cancel`, { _csrf: bea.csrf }, bea.cookie);
    expect(res.statusCode).toBe(404);
    // Beta's session is nothing on alpha: its post there is refused.
    const across = await post(`/alpha/desk/bookings/${paid.id}/cancel`, { _csrf: bea.csrf }, bea.cookie);
    expect(across.statusCode).toBe(403);
    expect((await bookingsOf('alpha')).find((b) => b.id === paid.id)).toMatchObject({ status: 'confirmed' });
    expect(await ledgerOf(ctx.services.store, 'alpha')).not.toContainEqual(expect.objectContaining({ type: 'refunded' }));
  });

  it('leaves a refund to an owner: staff see why, and their cancel of a paid booking is refused (403)', async () => {
    const sam = await signIn('alpha', 'sam@alpha.example.com');
    const list = await get('/alpha/desk/bookings', sam.cookie);
    expect(list.body).toContain('Cancel: an owner of the site can do this, as it gives money back.');
    expect(list.body).not.toContain(`/alpha/desk/bookings/${paid.id}/cancel`);
    // A hold not yet paid moves no money: staff may cancel it (the button is there).
    expect(list.body).toContain(`/alpha/desk/bookings/${unpaid.id}/cancel`);
    const refused = await post(`/alpha/desk/bookings/${paid.id}/cancel`, { _csrf: sam.csrf }, sam.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Only an owner of the site can cancel this, as it gives money back.');
    expect((await bookingsOf('alpha')).find((b) => b.id === paid.id)).toMatchObject({ status: 'confirmed' });
    expect(await ledgerOf(ctx.services.store, 'alpha')).not.toContainEqual(expect.objectContaining({ type: 'refunded' }));
  });
});

describe('cancelling a booking on the desk', () => {
  it('asks to confirm the cancel of a paid booking first: the first press only says what will happen, and changes nothing', async () => {
    const before = sent.length;
    const res = await post(`/alpha/desk/bookings/${paid.id}/cancel`, { _csrf: olga.csrf }, olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Cancel: are you sure?');
    expect(res.body).toContain('The booking of Rosa &lt;b&gt;Diaz&lt;/b&gt; (rosa@example.com) for Boiler check');
    expect(res.body).toContain('$80 will be refunded to the card that paid.');
    // The Confirm button posts the same action with the CSRF token and confirmed=1; "Keep it" goes back to the list.
    expect(res.body).toContain(
      `<form method="post" action="/alpha/desk/bookings/${paid.id}/cancel" class="desk-form"><input type="hidden" name="_csrf" value="${olga.csrf}"><input type="hidden" name="confirmed" value="1">`,
    );
    expect(res.body).toContain('<a href="/alpha/desk/bookings">Keep it</a>');
    expect((await bookingsOf('alpha')).find((b) => b.id === paid.id)).toMatchObject({ status: 'confirmed' });
    expect((await bookingsOf('alpha')).find((b) => b.id === paid.id)?.refunded).toBeUndefined();
    expect(await ledgerOf(ctx.services.store, 'alpha')).not.toContainEqual(expect.objectContaining({ type: 'refunded' }));
    expect(sent.slice(before)).toEqual([]);
    expect((await activityOf('alpha')).some((d) => d.startsWith('cancelled the booking of Rosa'))).toBe(false);
  });

  it('cancels a paid booking once confirmed: its place is free again, it is refunded in full on the ledger, the booker is told, the activity kept', async () => {
    const before = sent.length;
    const res = await post(`/alpha/desk/bookings/${paid.id}/cancel`, { _csrf: olga.csrf, confirmed: '1' }, olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p role="status">Cancelled the booking of Rosa &lt;b&gt;Diaz&lt;/b&gt; (rosa@example.com) for Boiler check');
    expect(res.body).not.toContain(`/alpha/desk/bookings/${paid.id}/cancel`);
    const record = (await bookingsOf('alpha')).find((b) => b.id === paid.id);
    expect(record).toMatchObject({ status: 'cancelled', refunded: 8000 });
    const ledger = await ledgerOf(ctx.services.store, 'alpha');
    expect(ledger.filter((e) => e.type === 'refunded' && e.checkout === paid.checkout)).toHaveLength(1);
    const day = await get(`/alpha/book?date=${dayAhead(4)}`);
    expect(new RegExp(`<input type="radio"[^>]*value="${dayAhead(4)}T14:00"[^>]*/>`).exec(day.body)?.[0]).not.toContain('disabled');
    const told = sent.slice(before).filter((m) => m.to === 'rosa@example.com' && m.subject.startsWith('Cancelled: Boiler check'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('$80 is refunded to the card you paid with.');
    expect(told[0]?.text).not.toContain('gift card');
    expect((await activityOf('alpha')).some((d) => d.startsWith('cancelled the booking of Rosa <b>Diaz</b>') && d.endsWith(', refunded'))).toBe(true);

    // Again: nothing left to cancel, nothing refunded twice.
    const again = await post(`/alpha/desk/bookings/${paid.id}/cancel`, { _csrf: olga.csrf, confirmed: '1' }, olga.cookie);
    expect(again.statusCode).toBe(404);
    expect((await ledgerOf(ctx.services.store, 'alpha')).filter((e) => e.type === 'refunded')).toHaveLength(1);
  });

  it('cancels a hold still being paid, without a refund, and refuses an unknown action', async () => {
    expect((await post(`/alpha/desk/bookings/${unpaid.id}/move`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(422);
    const res = await post(`/alpha/desk/bookings/${unpaid.id}/cancel`, { _csrf: olga.csrf }, olga.cookie);
    expect(res.statusCode).toBe(200);
    expect((await bookingsOf('alpha')).find((b) => b.id === unpaid.id)).toMatchObject({ status: 'cancelled' });
    expect((await bookingsOf('alpha')).find((b) => b.id === unpaid.id)?.refunded).toBeUndefined();
    expect((await get('/alpha/desk/bookings', olga.cookie)).body).toContain('Nothing here yet.');
  });
});

describe('orders on the desk', () => {
  const stageOf = async (site: string, id: string) => (await (await ctx.services.store.tenant(site)).find('orders', { id }))?.stage;

  it('sends anyone without a session to the sign-in page', async () => {
    const res = await get('/alpha/desk/orders');
    expect(res.body).toContain('Send me a sign-in link');
    expect(res.body).not.toContain('A1B2C3');
  });

  it('lists the orders with their stage and only the next step as a button', async () => {
    const res = await get('/alpha/desk/orders', olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<dt>Order</dt><dd>A1B2C3</dd>');
    expect(res.body).toContain('<dd>2 × Sourdough loaf</dd>');
    expect(res.body).toContain('<dd>$12</dd>');
    expect(res.body).toContain('<dd>To pay at pickup</dd>');
    expect(res.body).toContain('<dt>Stage</dt><dd>New</dd>');
    expect(res.body).toContain(`action="/alpha/desk/orders/${alphaOrder.id}/preparing"`);
    expect(res.body).not.toContain(`/alpha/desk/orders/${alphaOrder.id}/ready`);
    expect(res.body).not.toContain('BEEF01');
    const csv = await get('/alpha/desk/export/orders.csv', olga.cookie);
    // A name starting with = is written so no spreadsheet runs it.
    expect(csv.body).toContain('A1B2C3,');
    expect(csv.body).toContain(",'=Nina Nash,nina@example.com,");
  });

  it("shows the kitchen the guest's phone and their note, on the page and in the CSV", async () => {
    const res = await get('/alpha/desk/orders', olga.cookie);
    expect(res.body).toContain('<dt>Phone</dt><dd>+1 555 0134</dd>');
    expect(res.body).toContain('<dt>Note for the kitchen</dt><dd>=HYPERLINK(&quot;x&quot;) No sesame, &lt;b&gt;nut&lt;/b&gt; allergy</dd>');
    const csv = await get('/alpha/desk/export/orders.csv', olga.cookie);
    expect(csv.body.split('\n')[0]).toContain('E-mail,Phone,What,Note for the kitchen,Total');
    // A phone number starting with + is written as text, as a spreadsheet would otherwise read it as a sum.
    expect(csv.body).toContain('nina@example.com,\'+1 555 0134,2 × Sourdough loaf,"\'=HYPERLINK(""x"") No sesame, <b>nut</b> allergy",$12,');
  });

  it('refuses a skip (new → ready) with 422, and a post without the CSRF token with 403', async () => {
    const skip = await post(`/alpha/desk/orders/${alphaOrder.id}/ready`, { _csrf: olga.csrf }, olga.cookie);
    expect(skip.statusCode).toBe(422);
    expect(skip.body).toContain('<p role="alert">Order A1B2C3 is new: it can only be moved on to preparing.</p>');
    expect((await post(`/alpha/desk/orders/${alphaOrder.id}/preparing`, {}, olga.cookie)).statusCode).toBe(403);
    expect((await post(`/alpha/desk/orders/${alphaOrder.id}/preparing`, { _csrf: 'x'.repeat(43) }, olga.cookie)).statusCode).toBe(403);
    expect(await stageOf('alpha', alphaOrder.id)).toBeUndefined();
  });

  it("does not let another site's owner see or move this site's orders", async () => {
    const across = await post(`/beta/desk/orders/${alphaOrder.id}/preparing`, { _csrf: bea.csrf }, bea.cookie);
    expect(across.statusCode).toBe(404);
    expect((await post(`/alpha/desk/orders/${alphaOrder.id}/preparing`, { _csrf: bea.csrf }, bea.cookie)).statusCode).toBe(403);
    expect((await post(`/alpha/desk/orders/${betaOrder.id}/preparing`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(404);
    expect(await stageOf('alpha', alphaOrder.id)).toBeUndefined();
    expect(await stageOf('beta', betaOrder.id)).toBeUndefined();
    expect((await get('/beta/desk/orders', bea.cookie)).body).toContain('<dd>Paid online</dd>');
  });

  it('moves an order new → preparing → ready (the guest e-mailed once) → collected, and keeps each step in the activity list', async () => {
    const before = sent.length;
    const preparing = await post(`/alpha/desk/orders/${alphaOrder.id}/preparing`, { _csrf: olga.csrf }, olga.cookie);
    expect(preparing.statusCode).toBe(200);
    expect(preparing.body).toContain('<p role="status">Moved order A1B2C3 of =Nina Nash to preparing.</p>');
    expect(preparing.body).toContain(`action="/alpha/desk/orders/${alphaOrder.id}/ready"`);
    expect(sent.slice(before).filter((m) => m.to === 'nina@example.com')).toHaveLength(0);

    // Two presses at the same moment (two owners, or one double tap): one moves it, the other is told it moved meanwhile.
    const both = await Promise.all([1, 2].map(() => post(`/alpha/desk/orders/${alphaOrder.id}/ready`, { _csrf: olga.csrf }, olga.cookie)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await stageOf('alpha', alphaOrder.id)).toBe('ready');
    // Pressed again (a double click): refused, and no second e-mail.
    expect((await post(`/alpha/desk/orders/${alphaOrder.id}/ready`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(422);
    const mails = sent.slice(before).filter((m) => m.to === 'nina@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your order is ready to collect: A1B2C3 at Alpha Plumbing');
    expect(mails[0]?.text).toContain('You pay when you collect it: $12.');

    // Backwards is refused too.
    expect((await post(`/alpha/desk/orders/${alphaOrder.id}/preparing`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(422);
    const collected = await post(`/alpha/desk/orders/${alphaOrder.id}/collected`, { _csrf: olga.csrf }, olga.cookie);
    expect(collected.statusCode).toBe(200);
    expect(collected.body).toContain('<dt>Stage</dt><dd>Collected</dd>');
    expect(collected.body).not.toContain(`/alpha/desk/orders/${alphaOrder.id}/`);
    expect(await stageOf('alpha', alphaOrder.id)).toBe('collected');
    expect((await (await ctx.services.store.tenant('alpha')).find('orders', { id: alphaOrder.id }))?.status).toBe('placed');
    const activity = await activityOf('alpha');
    for (const stage of ['preparing', 'ready, the guest e-mailed', 'collected']) expect(activity).toContain(`moved order A1B2C3 of =Nina Nash to ${stage}`);
  });
});

describe('money on the desk', () => {
  it("shows the ledger's totals per month, and the last payments and refunds, to this site's owner alone", async () => {
    expect((await get('/alpha/desk/money')).body).toContain('Send me a sign-in link');
    const res = await get('/alpha/desk/money', olga.cookie);
    expect(res.statusCode).toBe(200);
    // Alpha names its zone on its booking block only: its months are New York's, as its other times.
    const month = localDate(clock.now(), ZONE).slice(0, 7);
    // The booking paid above (80.00) and refunded when cancelled: nothing left net.
    // It went through the offline test provider: a test-mode row, apart, said so.
    expect(res.body).toContain(
      `<tr class="desk-test"><th scope="row">${month} <span class="desk-status">test mode</span></th><td>$80.00 <span class="muted">(1)</span></td><td>$0.00</td><td>$80.00 <span class="muted">(1)</span></td><td>$0.00</td></tr>`,
    );
    expect(res.body).toContain('are checkouts paid in test mode: no money moved');
    expect(res.body).toContain('<caption>Totals per month (America/New_York)</caption>');
    expect(res.body).toMatch(/Refunded <strong>\$80\.00<\/strong> <span class="desk-status">test mode<\/span>: .*Boiler check/);
    const csv = await get('/alpha/desk/export/money.csv', olga.cookie);
    expect(csv.body).toBe(`month,currency,mode,taken,payments,donations,refunded,refunds,net\n${month},USD,test,80.00,1,0.00,80.00,1,0.00\n`);
    expect(await activityOf('alpha')).toContain('downloaded the monthly money totals as CSV');
    const beta = await get('/beta/desk/money', bea.cookie);
    expect(beta.body).toContain('No money has come in yet.');
    expect(beta.body).not.toContain('Boiler check');
  });

  it('counts a live provider’s payments apart from test mode’s, and a test key’s with test mode', async () => {
    const beta = await ctx.services.store.tenant('beta');
    // Beta's zone is its booking block's.
    const month = localDate(Date.now(), 'Europe/London').slice(0, 7);
    const entries = [
      // A card payment through a live key, and one through a test key of the same provider.
      { checkout: 'live-1', provider: 'stripe', amount: 4500 },
      { checkout: 'stripe-test-1', provider: 'stripe', testMode: true, amount: 9900 },
    ];
    for (const { checkout, amount, ...opened } of entries) {
      await beta.add('ledger', {
        type: 'checkout-opened',
        key: `open:${checkout}`,
        checkout,
        amount,
        currency: 'USD',
        description: 'Boiler service',
        ...opened,
      });
      await beta.add('ledger', { type: 'paid', key: `paid:${checkout}`, checkout, amount, currency: 'USD', provider: 'stripe' });
    }
    const res = await get('/beta/desk/money', bea.cookie);
    expect(res.body).toContain(`<tr><th scope="row">${month}</th><td>$45.00 <span class="muted">(1)</span></td>`);
    expect(res.body).toContain(
      `<tr class="desk-test"><th scope="row">${month} <span class="desk-status">test mode</span></th><td>$99.00 <span class="muted">(1)</span></td>`,
    );
    const csv = (await get('/beta/desk/export/money.csv', bea.cookie)).body.split('\n');
    expect(csv.slice(1, 3)).toEqual([`${month},USD,live,45.00,1,0.00,0.00,0,45.00`, `${month},USD,test,99.00,1,0.00,0.00,0,99.00`]);
  });
});

// After the money page's figures, which count the one booking paid above.
describe('a booking paid partly by gift card, cancelled on the desk', () => {
  it('tells the booker of a booking paid partly by gift card what went back where: the card’s refund, and the gift card’s credit with its new balance', async () => {
    const code = 'ALPHA-BKGF-T234';
    await issueCertificate(services(), alphaSite(), { code, amount: 3_000, key: 'issue:desk-booking' });
    const slot = `${dayAhead(6)}T10:00`;
    const res = await signedPost(ctx.app, ctx.services.signer, '/alpha/book', {
      _booking: 'boiler-check',
      slot,
      party: '1',
      name: 'Gus Gift',
      email: 'gus@example.com',
      gift: code,
    });
    expect(res.statusCode).toBe(303);
    expect((await press(ctx.app, pathOf(res.headers.location), 'pay')).statusCode).toBe(303);
    const booking = (await bookingsOf('alpha')).find((b) => b.slotId === slot && b.status === 'confirmed') as StoredRecord;
    expect(booking).toMatchObject({ gift: code, giftAmount: 3_000 });
    expect(await certificateBalance(services(), alphaSite(), code)).toBe(0);

    const asked = await post(`/alpha/desk/bookings/${booking.id}/cancel`, { _csrf: olga.csrf }, olga.cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`$50 will be refunded to the card that paid, and $30 put back on gift card ${code}.`);
    expect(await certificateBalance(services(), alphaSite(), code)).toBe(0);

    const before = sent.length;
    const done = await post(`/alpha/desk/bookings/${booking.id}/cancel`, { _csrf: olga.csrf, confirmed: '1' }, olga.cookie);
    expect(done.statusCode).toBe(200);
    expect((await bookingsOf('alpha')).find((b) => b.id === booking.id)).toMatchObject({ status: 'cancelled', refunded: 5_000, giftRestored: 3_000 });
    expect(await certificateBalance(services(), alphaSite(), code)).toBe(3_000);
    const mail = sent.slice(before).find((m) => m.to === 'gus@example.com');
    expect(mail?.text).toContain('$50 is refunded to the card you paid with.');
    expect(mail?.text).toContain(`$30 is put back on your gift card ${code}, which now holds $30.`);
    expect(mail?.text).not.toContain('refunded in full');
  });
});
