/**
 * Gift cards sold in a shop, over HTTP on the Spoke & Chain workshop: a product with `giftCard:`
 * sold in its variants' amounts, two bought issuing two codes on the site's one gift ledger worth
 * the YAML's price (a posted amount is refused, never read), e-mailed with their PDF to whom the
 * buyer named and listed in the buyer's confirmation, read on the gift-balance block, spent on a
 * booking, shown on the desk, and emptied when the order is refunded in full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payments } from '../runtime/payments/payments.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import { addDays, localDate } from '../runtime/services/time.ts';
import type { Site } from '../runtime/site.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import { certificateBalance } from '../blocks/kits/gifts/certificates.ts';
import { orderNumber } from '../blocks/shop/order.ts';
import { testClock } from './helpers/clock.ts';
import { deskClient } from './helpers/desk.ts';
import { ledgerOf, pathOf, signedPost } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';
import { openSpoke, SPOKE_ZONE, SpokeBuyer } from './helpers/spoke.ts';

const CODE = /^SPOKE-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

const clock = testClock();
let ctx: Awaited<ReturnType<typeof openSpoke>>['ctx'];
let sent: MailMessage[] = [];
const desk = deskClient(
  () => ctx.app,
  () => sent,
  '10.7.0',
);

beforeAll(async () => {
  ({ ctx, sent } = await openSpoke(clock.now));
  await ctx.app.ready();
});
afterAll(() => ctx.app.close());

const site = () => ctx.app.fleetHolder.current.sites.get('spoke') as Site;
const services = () => blockServicesOf(ctx.app, ctx.services);
const buyer = () =>
  new SpokeBuyer(
    () => ctx.app,
    () => ctx.services.signer,
  );
const ledger = () => ledgerOf(ctx.services.store, 'spoke');
const cardsOf = async (checkout: string): Promise<StoredRecord[]> => (await ledger()).filter((e) => e.type === 'gift-issued' && e.checkout === checkout);
const balance = (code: string) => certificateBalance(services(), site(), code);
const post = (url: string, fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, url, fields);

/** The order of two $50 cards for Sam, bought by the first test and looked at by the others. */
let checkout = '';
let codes: string[] = [];

describe('a gift card sold in the shop', () => {
  it('says on its page that it is e-mailed, and asks no delivery nor address for a cart of cards alone, but whom they are for', async () => {
    const page = await ctx.app.inject('/spoke/shop/gift-card');
    expect(page.body).toContain('A gift card: its code is e-mailed as soon as it is paid for, with a PDF to print. No delivery to pay.');
    expect(page.body).not.toContain('Shipping:');
    const b = buyer();
    await b.add('gift-card', '50', '2');
    const cart = await b.get('/spoke/shop/cart');
    expect(cart.body).toContain('Gift cards are e-mailed with their codes as soon as you have paid: there is nothing to deliver.');
    expect(cart.body).toContain('<legend>Who the gift cards are for</legend>');
    expect(cart.body).not.toContain('name="method"');
    expect(cart.body).not.toContain('name="street"');
  });

  it('refuses a posted amount without reading it, and opens the checkout at the price in the YAML', async () => {
    const b = buyer();
    await b.add('gift-card', '50', '2');
    const before = (await ledger()).length;
    for (const field of ['amount', 'price', 'value']) {
      const refused = await b.checkout({ [field]: '1' });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.body).toContain('The form could not be read.');
    }
    expect((await ledger()).length).toBe(before);
    const opened = await b.checkout({});
    expect(opened.statusCode).toBe(303);
    const entry = (await ledger()).find((e) => e.checkout === pathOf(opened.headers.location).split('/').pop() && e.type === 'checkout-opened');
    expect(entry).toMatchObject({ amount: 10_000, lines: [{ name: 'Gift card: $50', amount: 5_000, quantity: 2 }] });
    expect(entry?.details).not.toHaveProperty('address');
  });

  it('issues two codes for two cards on the one gift ledger, each worth $50, and e-mails them to the person named and to the buyer', async () => {
    const b = buyer();
    await b.add('gift-card', '50', '2');
    const refused = await b.checkout({ giftName: 'Sam Rider' });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Please enter their e-mail address, or leave their name and message empty to have the gift cards e-mailed to you.');
    checkout = await b.buy({ giftName: 'Sam Rider', giftEmail: 'Sam@Example.com', giftMessage: 'Happy birthday!' });
    const cards = await cardsOf(checkout);
    expect(cards).toHaveLength(2);
    codes = cards.map((c) => String(c.account));
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(2);
    for (const card of cards) {
      expect(card).toMatchObject({ type: 'gift-issued', amount: 5_000, delta: 5_000, currency: 'USD' });
      expect(card.details).toMatchObject({ recipientName: 'Sam Rider', recipientEmail: 'sam@example.com', buyerName: 'Dana Whitfield', testMode: true });
      expect(await balance(String(card.account))).toBe(5_000);
    }
    // Valid for 60 months from the day it was bought.
    const until = (cards[0]?.details as { validUntil: string }).validUntil;
    expect(Number(until.slice(0, 4)) - new Date(clock.now()).getUTCFullYear()).toBe(5);

    const toSam = sent.filter((m) => m.to === 'sam@example.com');
    expect(toSam).toHaveLength(2);
    for (const [i, mail] of toSam.entries()) {
      expect(mail.subject).toBe('A gift certificate for you from Spoke & Chain');
      expect(mail.text).toContain('Dana Whitfield has given you a gift certificate for $50.00 at Spoke & Chain.');
      expect(mail.text).toContain('Happy birthday!');
      expect(mail.text).toContain(`Your code: ${codes[i]}`);
      expect(mail.text).toContain('Use it online: enter the code when you book at https://sites.example.com/spoke/book');
      expect(mail.text).toContain('How to redeem otherwise: Give the code at the counter, or enter it when you book a service online.');
      expect(mail.attachments?.[0]).toMatchObject({ filename: `gift-certificate-${codes[i]}.pdf`, contentType: 'application/pdf' });
    }
    const confirmation = sent.find((m) => m.to === 'dana@example.com' && m.subject.startsWith('Your order from Spoke & Chain'));
    expect(confirmation?.text).toContain('Thank you for your order. We have your payment.');
    expect(confirmation?.text).toContain(`Your gift cards:\n  ${codes[0]}: $50.00, valid until `);
    expect(confirmation?.text).toContain(`  ${codes[1]}: $50.00, valid until `);
    expect(confirmation?.text).toContain('Each has been e-mailed to Sam Rider at sam@example.com, with a PDF to print.');
  });

  it('e-mails cards bought for oneself to the buyer, and charges shipping for the parts beside them only', async () => {
    const b = buyer();
    await b.add('gift-card', '25', '1');
    await b.add('inner-tube', 'standard', '1');
    const cart = await b.get('/spoke/shop/cart');
    // The tube's flat $5; the card ships nothing.
    expect(cart.body).toContain('Shipping: $5 (total $39)');
    const paid = await b.buy({ method: 'collect' });
    const [card] = await cardsOf(paid);
    expect(card).toMatchObject({ amount: 2_500 });
    expect(card?.details).toMatchObject({ recipientEmail: 'dana@example.com', forBuyer: true });
    const mine = sent.find((m) => m.to === 'dana@example.com' && m.subject === 'Your gift certificate from Spoke & Chain');
    expect(mine?.text).toContain('Here is your gift certificate for $25.00 at Spoke & Chain, to give or to use yourself.');
  });
});

describe('what a shop’s gift card is good for, until its order is refunded', () => {
  it('shows each code’s balance on the gift-balance block', async () => {
    const read = await post('/spoke/balance', { _balance: 'balance', code: (codes[0] as string).toLowerCase().replace(/-/g, ' ') });
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(`${codes[0]} has $50.00 left.`);
  });

  it('pays for a booking with a code, taking what the booking costs from it', async () => {
    const slot = `${addDays(localDate(clock.now(), SPOKE_ZONE), 3)}T09:00`;
    const booked = await post('/spoke/book', { _booking: 'service', slot, party: '1', name: 'Sam Rider', email: 'sam@example.com', gift: codes[0] as string });
    expect(booked.statusCode, booked.body.slice(0, 300)).toBe(303);
    expect(await balance(codes[0] as string)).toBe(1_000);
    const [booking] = (await (await ctx.services.store.tenant('spoke')).list('bookings')).filter((x) => x.slotId === slot);
    expect(booking).toMatchObject({ status: 'confirmed', gift: codes[0], giftAmount: 4_000 });
  });

  it('lists the order on the desk with its codes, e-mailed and with no step to take', async () => {
    const rita = await desk.signIn('spoke', 'rita@spoke.example.com');
    const entry = (await ledger()).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    const order = (entry?.details as { order: string }).order;
    const board = await desk.get('/spoke/desk/shop-orders', rita.cookie);
    expect(board.body).toContain(`<dt>What</dt><dd>2 × Gift card: $50 (${codes[0]}, ${codes[1]})</dd>`);
    expect(board.body).toContain('<dt>Delivery</dt><dd>By e-mail: Sam Rider (sam@example.com)</dd>');
    expect(board.body).toContain('<dt>Stage</dt><dd>E-mailed</dd>');
    expect(board.body).not.toContain(`/spoke/desk/shop-orders/${order}/`);
    const moved = await desk.post(`/spoke/desk/shop-orders/${order}/sent`, { _csrf: rita.csrf }, rita.cookie);
    expect(moved.statusCode).toBe(422);
    expect(moved.body).toContain(`Order ${orderNumber(order)} has been e-mailed already.`);
  });

  it('empties both cards when the order is refunded in full, as a gift certificate’s refund does', async () => {
    expect(await (ctx.app.payments as Payments).refund(site(), checkout)).toEqual({ refunded: 10_000 });
    expect(await balance(codes[0] as string)).toBe(0);
    expect(await balance(codes[1] as string)).toBe(0);
    const read = await post('/spoke/balance', { _balance: 'balance', code: codes[1] as string });
    expect(read.body).toContain(`${codes[1]} has $0.00 left.`);
    const voided = (await ledger()).filter((e) => e.type === 'gift-redeemed' && e.voided === 'refunded').map((e) => [e.account, e.amount]);
    expect(voided).toEqual([
      [codes[0], 1_000],
      [codes[1], 5_000],
    ]);
  });
});
