/**
 * A booking paid by a deposit: the full service costs $109, of which $20 is paid online and $89 at
 * the visit. Only the deposit is charged (a gift card pays towards it), and the page, the checkout,
 * the receipt, the confirmation e-mail, the booking's own page and the desk all say what is left.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateBalance, issueCertificate } from '../blocks/kits/gifts/certificates.ts';
import type { Site } from '../runtime/site.ts';
import { bikeShopSuite, book, answers, bookingSection, bookingsOf, dayAhead, outbox } from './helpers/bike-shop.ts';
import { ledgerOf, ORIGIN, pathOf, press } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';

const { clock, shop, get, signIn } = bikeShopSuite('10.7.2');
const services = () => blockServicesOf(shop().app, shop().services, ORIGIN);
const site = () => shop().app.fleetHolder.current.sites.get('spokes') as Site;
const ledger = () => ledgerOf(shop().services.store, 'spokes');
const service = (slot: string, more: Record<string, string> = {}) => answers('full-service', slot, more);

beforeAll(async () => {
  await issueCertificate(services(), site(), { code: 'SPOK-2345-6789', amount: 5_000, key: 'issue:big' });
  await issueCertificate(services(), site(), { code: 'SPOK-ABCD-EFGH', amount: 500, key: 'issue:small' });
});

describe('a service paid by a deposit', () => {
  it('says the deposit and what is left for the visit on the booking page', async () => {
    const section = bookingSection((await shop().app.inject('/spokes/service?choice=full-service')).body);
    expect(section).toContain('Price: $109 per booking ($20 deposit now, $89 at the visit). You pay the deposit on the next page');
    expect(section).toContain('120 min · 1 bike · $109 a booking ($20 deposit now, $89 at the visit)');
  });

  it('charges only the deposit, and the checkout, the receipt, the e-mails, the booking’s page and the desk say the $89 left', async () => {
    const slot = `${dayAhead(clock, 7)}T09:00`;
    const sent = await book(shop(), service(slot));
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    const checkout = checkoutPath.split('/').pop();
    const opened = (await ledger()).find((e) => e.type === 'checkout-opened' && e.checkout === checkout);
    expect(opened).toMatchObject({ amount: 2000, details: { total: 10900, deposit: 2000, balance: 8900 } });
    expect(opened?.lines).toEqual([{ name: 'Deposit: Full service, 1 bike ($109 in all, $89 to pay at the visit)', amount: 2000, quantity: 1 }]);
    const page = await shop().app.inject(checkoutPath);
    expect(page.body).toContain('Deposit: Full service, 1 bike ($109 in all, $89 to pay at the visit)</th><td class="amount">$20.00</td>');
    expect(page.body).toContain('Pay $20.00');

    const paid = await press(shop().app, checkoutPath, 'pay');
    const paidEntry = (await ledger()).find((e) => e.type === 'paid' && e.checkout === checkout);
    expect(paidEntry).toMatchObject({ amount: 2000 });
    const receipt = await shop().app.inject(pathOf(paid.headers.location));
    expect(receipt.body).toContain('<th scope="row">To pay at the visit</th><td class="receipt-said">$89</td>');
    expect(receipt.body).toMatch(/<th scope="row">Total<\/th><td><strong><span class="amount">\$20\.00<\/span>/);

    const mails = await outbox(shop());
    expect(mails.find((m) => m.includes('This is your receipt'))).toContain('To pay at the visit: $89');
    const booker = shop().sent.find((m) => m.to === 'jo@example.com' && m.text.includes('What: Full service'));
    expect(booker?.text).toContain('Deposit paid: $20\nTo pay at the visit: $89');
    const owner = shop().sent.find((m) => m.to === 'shop@spokes.example.com' && m.text.includes('booked Full service'));
    expect(owner?.text).toContain('Deposit paid: $20\nTo pay at the visit: $89');

    const [booking] = (await bookingsOf(shop())).filter((b) => b.slotId === slot);
    expect(booking).toMatchObject({ status: 'confirmed', total: 10900, deposit: 2000, balance: 8900 });
    const link = /\/spokes\/service\?booking=\S+/.exec(booker?.text ?? '')?.[0] as string;
    const own = bookingSection((await shop().app.inject(link)).body);
    expect(own).toContain('<dt>Deposit</dt><dd>$20</dd><dt>To pay at the visit</dt><dd>$89</dd>');

    const mia = await signIn('spokes', 'mia@spokes.example.com');
    const desk = await get('/spokes/desk/bookings', mia.cookie);
    expect(desk.body).toContain('<dt>Deposit</dt><dd>$20</dd><dt>To pay at the visit</dt><dd>$89</dd>');
    const csv = (await get('/spokes/desk/export/bookings.csv', mia.cookie)).body;
    expect(csv.split('\n')[0]).toMatch(/,Deposit,To pay at the visit$/);
    expect(csv).toMatch(/,Full service,Jo Rider,[^\n]*,\$20,\$89\n/);

    // Cancelled in time: what was paid goes back, the deposit, and nothing more.
    const token = decodeURIComponent(link.split('booking=')[1] as string);
    expect((await book(shop(), { _booking: 'workshop', _cancel: token })).statusCode).toBe(303);
    expect((await ledger()).filter((e) => e.type === 'refunded' && e.checkout === checkout).map((e) => e.amount)).toEqual([2000]);
  });

  it('takes a gift card towards the deposit only: whole when it holds enough, else the rest by card', async () => {
    const whole = `${dayAhead(clock, 8)}T09:00`;
    const byGift = await book(shop(), service(whole, { gift: 'spok 2345 6789' }));
    expect(byGift.statusCode).toBe(303);
    expect(pathOf(byGift.headers.location)).toMatch(/^\/spokes\/service\?booking=/);
    expect(await certificateBalance(services(), site(), 'SPOK-2345-6789')).toBe(3_000);
    expect((await bookingsOf(shop())).find((b) => b.slotId === whole)).toMatchObject({ status: 'confirmed', giftAmount: 2000, balance: 8900 });
    const page = bookingSection((await shop().app.inject(pathOf(byGift.headers.location))).body);
    expect(page).toContain('<dt>To pay at the visit</dt><dd>$89</dd>');
    expect(shop().sent.find((m) => m.to === 'jo@example.com' && m.text.includes('SPOK-2345-6789'))?.text).toContain('To pay at the visit: $89');

    const part = `${dayAhead(clock, 9)}T09:00`;
    const rest = await book(shop(), service(part, { gift: 'SPOK-ABCD-EFGH' }));
    const opened = (await ledger()).find((e) => e.type === 'checkout-opened' && e.checkout === pathOf(rest.headers.location).split('/').pop());
    expect(opened).toMatchObject({ amount: 1500, details: { gift: 'SPOK-ABCD-EFGH', giftAmount: 500, balance: 8900 } });
    expect(opened?.lines).toEqual([
      { name: 'Deposit: Full service, 1 bike: $20, less $5 from gift card SPOK-ABCD-EFGH ($109 in all, $89 to pay at the visit)', amount: 1500, quantity: 1 },
    ]);
  });
});
