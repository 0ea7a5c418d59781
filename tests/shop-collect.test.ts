/**
 * Collecting in store, over HTTP on the Spoke & Chain workshop: the choice with its fee and where
 * and when (the site's address), a checkout that asks no address for it while local delivery is
 * refused beside the street without one, the choice said on the receipt, in the e-mails and on the
 * order's page, and the desk moving the order new → ready for collection (the buyer e-mailed where
 * and when) → collected. Every moment is told in the workshop's zone, named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import { orderNumber } from '../blocks/shop/order.ts';
import { testClock } from './helpers/clock.ts';
import { deskClient } from './helpers/desk.ts';
import { ledgerOf, pathOf, press } from './helpers/money.ts';
import { DANA_ADDRESS, openSpoke, SPOKE_ZONE, SpokeBuyer } from './helpers/spoke.ts';

const WHERE = '12 Mill Lane, Larkfield, OH 45318';
const PLACE = `${WHERE}. Tuesday to Saturday, 9 am to 5 pm.`;

const clock = testClock();
let ctx: Awaited<ReturnType<typeof openSpoke>>['ctx'];
let sent: MailMessage[] = [];
const desk = deskClient(
  () => ctx.app,
  () => sent,
  '10.8.0',
);

beforeAll(async () => {
  ({ ctx, sent } = await openSpoke(clock.now));
  await ctx.app.ready();
});
afterAll(() => ctx.app.close());

const buyer = () =>
  new SpokeBuyer(
    () => ctx.app,
    () => ctx.services.signer,
  );
const ledger = () => ledgerOf(ctx.services.store, 'spoke');
const openedOf = async (checkout: string) => (await ledger()).find((e) => e.checkout === checkout && e.type === 'checkout-opened') as StoredRecord;
/** A moment in the workshop's zone with the zone's name, as Intl says it for that zone (not as the site's code does). */
const inZone = (iso: string, month: 'long' | 'short') =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month,
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: SPOKE_ZONE,
  }).format(new Date(iso));

/** The order collected in store that the checkout test pays for; the desk's tests move it on. */
let order = '';
let orderLink = '';

describe('collecting in store at the checkout', () => {
  it('offers collecting with its fee and where and when, beside the ways that deliver, and asks no address for it', async () => {
    const b = buyer();
    await b.add('inner-tube', 'standard', '1');
    const cart = await b.get('/spoke/shop/cart');
    expect(cart.body).toContain('<label for="shop-method-collect">Collect from the workshop: free (total $9)</label>');
    expect(cart.body).toContain(`<p class="field-help" id="shop-method-collect-help">Collect from ${PLACE}</p>`);
    expect(cart.body).toContain('Delivery by bike: $3 (total $12)');
    expect(cart.body).toContain('Shipping: $5 (total $14)');
    expect(cart.body).toContain('<legend>Delivery address (not needed to collect in store)</legend>');
    expect(cart.body).not.toMatch(/<input[^>]*name="street"[^>]*required/);
  });

  it('refuses local delivery without an address beside each field, and holds and charges nothing', async () => {
    const b = buyer();
    await b.add('inner-tube', 'standard', '1');
    const before = (await ledger()).length;
    const refused = await b.checkout({ method: 'local' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('<p id="shop-street-error" class="field-error">Please enter the street address.</p>');
    expect(refused.body).toContain('<p id="shop-town-error" class="field-error">Please enter the town or city.</p>');
    expect(refused.body).toContain('<p id="shop-postalCode-error" class="field-error">Please enter the ZIP code.</p>');
    expect((await ledger()).length).toBe(before);
    // With the address, the same cart goes through.
    expect((await b.checkout({ method: 'local', ...DANA_ADDRESS })).statusCode).toBe(303);
  });

  it('takes an order to collect without an address, at its fee, and says so on the receipt, in the e-mails and on the order’s page', async () => {
    const b = buyer();
    await b.add('inner-tube', 'standard', '2');
    const opened = await b.checkout({ method: 'collect' });
    expect(opened.statusCode, opened.body.slice(0, 300)).toBe(303);
    const checkoutPath = pathOf(opened.headers.location);
    const checkout = checkoutPath.split('/').pop() as string;
    const entry = await openedOf(checkout);
    expect(entry).toMatchObject({ amount: 1_800, lines: [{ name: 'Inner tube', amount: 900, quantity: 2 }] });
    expect(entry.said).toEqual([{ label: 'Delivery', text: `Collect from the workshop: ${PLACE}` }]);
    expect(entry.details).toMatchObject({
      delivery: { method: 'collect', label: 'Collect from the workshop', fee: 0, where: WHERE, when: 'Tuesday to Saturday, 9 am to 5 pm' },
    });
    expect(entry.details).not.toHaveProperty('address');
    order = (entry.details as { order: string }).order;

    const paid = await press(ctx.app, checkoutPath, 'pay');
    const receipt = await ctx.app.inject(pathOf(paid.headers.location));
    expect(receipt.body).toContain(`Collect from the workshop: ${PLACE}`);
    const receiptMail = sent.find((m) => m.to === 'dana@example.com' && m.text.includes('This is your receipt'));
    expect(receiptMail?.text).toContain(`Delivery: Collect from the workshop: ${PLACE}`);

    const confirmation = sent.find((m) => m.to === 'dana@example.com' && m.subject === `Your order from Spoke & Chain: ${orderNumber(order)}`);
    expect(confirmation?.text).toContain('Delivery: Collect from the workshop.');
    expect(confirmation?.text).toContain('  Collect from the workshop: free\n  Total: $18.00');
    expect(confirmation?.text).toContain(`Collect from ${PLACE} We e-mail you when it is ready to collect.`);
    expect(confirmation?.text).not.toContain('Delivered to');
    const business = sent.find((m) => m.to === 'orders@spoke.example.com' && m.subject.startsWith(`New order ${orderNumber(order)}`));
    expect(business?.text).toContain(`Collect from the workshop: Dana Whitfield collects it from ${WHERE}.\n  Phone: (555) 555-0190`);

    orderLink = /https:\/\/sites\.example\.com(\/spoke\/shop\/cart\?order=\S+)/.exec(confirmation?.text ?? '')?.[1] as string;
    const page = await ctx.app.inject(orderLink);
    expect(page.body).toContain('Paid: we are getting it ready, and e-mail you when it is ready to collect.');
    expect(page.body).toContain(`<h3>To collect</h3><p><span class="shop-address-line">Collect from ${PLACE}</span></p>`);
    // Placed at a moment in the workshop's zone, which it names.
    expect(page.body).toContain(`Ordered on ${inZone(String(entry.createdAt), 'long')}.`);
    expect(inZone(String(entry.createdAt), 'long')).toMatch(/ C[SD]T$/);
  });
});

describe('an order to collect on the desk', () => {
  const board = '/spoke/desk/shop-orders';
  let rita: { cookie: string; csrf: string };
  beforeAll(async () => {
    rita = await desk.signIn('spoke', 'rita@spoke.example.com');
  });

  it('shows who collects it and where, placed in the workshop’s zone, with "Mark ready for collection" as its one step', async () => {
    const page = await desk.get(board, rita.cookie);
    expect(page.body).toContain('Times are in America/Chicago.');
    const entry = (await ledger()).find((e) => e.type === 'checkout-opened' && (e.details as { order?: string }).order === order) as StoredRecord;
    expect(page.body).toContain(`<dt>Placed</dt><dd>${inZone(String(entry.at), 'short')}</dd>`);
    expect(page.body).toContain(`<dt>Delivery</dt><dd>Collect from the workshop: Dana Whitfield, (555) 555-0190, from ${WHERE}</dd>`);
    expect(page.body).toContain('<dt>Stage</dt><dd>New</dd>');
    expect(page.body).toContain(`action="/spoke/desk/shop-orders/${order}/ready"`);
    expect(page.body).toContain('Mark ready for collection');
    expect(page.body).not.toContain(`action="/spoke/desk/shop-orders/${order}/packed"`);
    const skip = await desk.post(`${board}/${order}/packed`, { _csrf: rita.csrf }, rita.cookie);
    expect(skip.statusCode).toBe(422);
    expect(skip.body).toContain(`Order ${orderNumber(order)} is new: it can only be moved on to ready for collection.`);
  });

  it('marks it ready (the buyer e-mailed once where and when), then collected (no e-mail), and its page says each', async () => {
    const before = sent.length;
    const ready = await desk.post(`${board}/${order}/ready`, { _csrf: rita.csrf }, rita.cookie);
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toContain('<dt>Stage</dt><dd>Ready for collection</dd>');
    expect(ready.body).toContain(`action="/spoke/desk/shop-orders/${order}/collected"`);
    expect((await desk.post(`${board}/${order}/ready`, { _csrf: rita.csrf }, rita.cookie)).statusCode).toBe(422);
    const told = sent.slice(before).filter((m) => m.to === 'dana@example.com');
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`Your order ${orderNumber(order)} from Spoke & Chain is ready to collect`);
    expect(told[0]?.text).toContain(`is ready to collect.\nCollect from ${PLACE}\nPlease give the order number, ${orderNumber(order)}, when you come.`);
    expect((await ctx.app.inject(orderLink)).body).toContain(`Ready for collection. Collect from ${PLACE}`);

    const collected = await desk.post(`${board}/${order}/collected`, { _csrf: rita.csrf }, rita.cookie);
    expect(collected.statusCode).toBe(200);
    expect(collected.body).toContain('<dt>Stage</dt><dd>Collected</dd>');
    expect(collected.body).not.toContain(`/spoke/desk/shop-orders/${order}/`);
    expect(sent.slice(before).filter((m) => m.to === 'dana@example.com')).toHaveLength(1);
    expect((await ctx.app.inject(orderLink)).body).toContain('Collected: thank you.');
    const again = await desk.post(`${board}/${order}/collected`, { _csrf: rita.csrf }, rita.cookie);
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain(`Order ${orderNumber(order)} has been collected already.`);
  });
});
