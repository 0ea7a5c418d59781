/**
 * The desk's shop orders and gift certificates over HTTP, with orders bought through the real shop
 * checkout and certificates through the real form, both paid on the test provider: listed escaped
 * and as formula-safe CSV; an order moved new → packed → sent one step at a time, the buyer
 * e-mailed once even when two owners press "Mark sent" at once; a refunded order left alone; a
 * certificate's balance read from the ledger and its e-mail sent again; another site's owner
 * reaching nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTime } from '../runtime/desk/ui.ts';
import type { Payments } from '../runtime/payments/payments.ts';
import { issueCertificate, redeemCertificate } from '../blocks/kits/gifts/certificates.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { Site } from '../runtime/site.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import type { appWithData } from './helpers/app.ts';
import { testClock } from './helpers/clock.ts';
import { buyFromShop, deskApp, deskClient } from './helpers/desk.ts';
import { ledgerOf, pathOf, press, signedPost } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';
import { orderNumber } from '../blocks/shop/order.ts';

const clock = testClock();
let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
const { get, post, signIn } = deskClient(
  () => ctx.app,
  () => sent,
  '10.3.0',
);

const site = (prefix: string) => ctx.app.fleetHolder.current.sites.get(prefix) as Site;
const payments = () => ctx.app.payments as Payments;
const services = () => blockServicesOf(ctx.app, ctx.services);
const activityOf = async (prefix: string) => (await (await ctx.services.store.tenant(prefix)).list('deskActivity')).map((a) => String(a.detail));
const stepsOf = async (prefix: string, order: string) => (await (await ctx.services.store.tenant(prefix)).list('orderSteps', { order })).map((s) => s.step);
const mailsTo = (address: string) => sent.filter((m) => m.to === address);

const buy = (prefix: string, product: string, quantity: string, buyer: Record<string, string>) =>
  buyFromShop(ctx.app, ctx.services, prefix, product, quantity, buyer);

/** Buys a certificate for $50 through the site's gift form and pays; returns its gift-issued entry. */
async function buyCertificate(prefix: string, fields: Record<string, string>): Promise<StoredRecord> {
  const res = await signedPost(ctx.app, ctx.services.signer, `/${prefix}/gift`, {
    _certificate: 'service',
    amount: '50',
    message: 'For the boiler',
    deliverOn: '',
    buyerName: 'Sue Kowalski',
    buyerEmail: 'sue@example.com',
    ...fields,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  const checkoutPath = pathOf(res.headers.location);
  expect((await press(ctx.app, checkoutPath, 'pay')).statusCode).toBe(303);
  const checkout = checkoutPath.split('/').pop();
  return (await ledgerOf(ctx.services.store, prefix)).find((e) => e.type === 'gift-issued' && e.checkout === checkout) as StoredRecord;
}

let olga: { cookie: string; csrf: string };
let bea: { cookie: string; csrf: string };
let dana: { order: string; checkout: string };
let betaOrder: { order: string; checkout: string };
const number = (order: string) => orderNumber(order);

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: clock.now }, { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } }));
  await ctx.app.ready();
  dana = await buy('alpha', 'drain-plunger', '2', { name: '=Dana <b>Whitfield</b>', email: 'Dana@Example.com' });
  betaOrder = await buy('beta', 'bread-tin', '1', { name: 'Secret Baker', email: 'baker@example.com' });
  olga = await signIn('alpha', 'olga@alpha.example.com');
  bea = await signIn('beta', 'bea@beta.example.com');
});
afterAll(() => ctx.app.close());

describe('shop orders on the desk', () => {
  const board = '/alpha/desk/shop-orders';

  it('sends anyone without a session to the sign-in page', async () => {
    const res = await get(board);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Send me a sign-in link');
    expect(res.body).not.toContain(number(dana.order));
  });

  it('lists a paid order with its lines, delivery, total and stage, escaped, and only the next step as a button', async () => {
    const res = await get(board, olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<a href="/alpha/desk/shop-orders" aria-current="page">Shop orders</a>');
    expect(res.body).toContain(`<dt>Order</dt><dd>${number(dana.order)}</dd>`);
    // Placed when its checkout opened, told in the site's zone as every time on the desk.
    const opened = (await ledgerOf(ctx.services.store, 'alpha')).find((e) => e.checkout === dana.checkout && e.type === 'checkout-opened');
    expect(res.body).toContain(`<dt>Placed</dt><dd>${deskTime(site('alpha'), opened?.at)}</dd>`);
    expect(res.body).toContain('<dt>Who</dt><dd>=Dana &lt;b&gt;Whitfield&lt;/b&gt;</dd>');
    expect(res.body).not.toContain('<b>Whitfield');
    expect(res.body).toContain('<dt>E-mail</dt><dd>dana@example.com</dd>');
    expect(res.body).toContain('<dt>What</dt><dd>2 × Drain plunger</dd>');
    expect(res.body).toContain('<dt>Delivery</dt><dd>Shipping: =Dana &lt;b&gt;Whitfield&lt;/b&gt;, 418 Ferris Street, Larkfield, OH 45318</dd>');
    // Two plungers at $18 and the product's flat $6 shipping, as the ledger holds it.
    expect(res.body).toContain('<dt>Total</dt><dd>$42.00</dd>');
    expect(res.body).toContain('<dt>Payment</dt><dd>Paid</dd>');
    expect(res.body).toContain('<dt>Stage</dt><dd>New</dd>');
    expect(res.body).toContain(
      `<form method="post" action="/alpha/desk/shop-orders/${dana.order}/packed"><input type="hidden" name="_csrf" value="${olga.csrf}">`,
    );
    expect(res.body).not.toContain(`/alpha/desk/shop-orders/${dana.order}/sent`);
    expect(res.body).not.toContain('Secret Baker');
  });

  it('gives the orders as formula-safe CSV and records the download', async () => {
    const res = await get('/alpha/desk/export/shop-orders.csv', olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="alpha-shop-orders.csv"');
    const [header, row] = res.body.split('\n');
    expect(header).toBe('Order,Placed,Who,E-mail,What,Delivery,Total,Payment,Stage');
    // A name starting with = is written so no spreadsheet runs it.
    expect(row).toContain(`${number(dana.order)},`);
    expect(row).toContain(",'=Dana <b>Whitfield</b>,dana@example.com,2 × Drain plunger,");
    expect(row).toMatch(/,\$42\.00,Paid,New$/);
    expect(await activityOf('alpha')).toContain('downloaded 1 shop orders as CSV');
  });

  it('refuses a skip (new → sent) with 422 and a sentence, and a post without the CSRF token with 403', async () => {
    const skip = await post(`${board}/${dana.order}/sent`, { _csrf: olga.csrf }, olga.cookie);
    expect(skip.statusCode).toBe(422);
    expect(skip.body).toContain(`<p role="alert">Order ${number(dana.order)} is new: it can only be moved on to packed.</p>`);
    expect((await post(`${board}/${dana.order}/packed`, {}, olga.cookie)).statusCode).toBe(403);
    expect((await post(`${board}/${dana.order}/packed`, { _csrf: 'x'.repeat(43) }, olga.cookie)).statusCode).toBe(403);
    expect((await post(`${board}/${'0'.repeat(24)}/packed`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(404);
    expect(await stepsOf('alpha', dana.order)).toEqual([]);
  });

  it("does not let another site's owner see or move this site's orders", async () => {
    const page = await get('/beta/desk/shop-orders', bea.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Secret Baker');
    expect(page.body).not.toContain(number(dana.order));
    expect((await post(`/beta/desk/shop-orders/${dana.order}/packed`, { _csrf: bea.csrf }, bea.cookie)).statusCode).toBe(404);
    // Beta's session is nothing on alpha: its post there is refused.
    expect((await post(`${board}/${dana.order}/packed`, { _csrf: bea.csrf }, bea.cookie)).statusCode).toBe(403);
    expect((await post(`${board}/${betaOrder.order}/packed`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(404);
    expect(await stepsOf('alpha', dana.order)).toEqual([]);
    expect(await stepsOf('beta', betaOrder.order)).toEqual([]);
  });
});

describe('shop orders moved on at the desk', () => {
  const board = '/alpha/desk/shop-orders';

  it('moves an order new → packed → sent, e-mails the buyer once with the link to the order, and keeps each step in the activity list', async () => {
    const before = sent.length;
    const packed = await post(`${board}/${dana.order}/packed`, { _csrf: olga.csrf }, olga.cookie);
    expect(packed.statusCode).toBe(200);
    expect(packed.body).toContain(`<p role="status">Moved order ${number(dana.order)} of =Dana &lt;b&gt;Whitfield&lt;/b&gt; to packed.</p>`);
    expect(packed.body).toContain(`action="/alpha/desk/shop-orders/${dana.order}/sent"`);
    expect(sent.slice(before).filter((m) => m.to === 'dana@example.com')).toHaveLength(0);
    // Backwards or again: refused.
    expect((await post(`${board}/${dana.order}/packed`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(422);

    const shipped = await post(`${board}/${dana.order}/sent`, { _csrf: olga.csrf }, olga.cookie);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.body).toContain('<dt>Stage</dt><dd>Sent</dd>');
    expect(shipped.body).not.toContain(`/alpha/desk/shop-orders/${dana.order}/`);
    const again = await post(`${board}/${dana.order}/sent`, { _csrf: olga.csrf }, olga.cookie);
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain(`Order ${number(dana.order)} has been sent already.`);

    const mails = sent.slice(before).filter((m) => m.to === 'dana@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your order ${number(dana.order)} from Alpha Plumbing is on its way`);
    expect(mails[0]?.replyTo).toBe('office@alpha.example.com');
    const link = /https:\/\/sites\.example\.com(\/alpha\/shop\/cart\?order=\S+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(link).toBeDefined();
    // The buyer's own page of the order says where it stands.
    expect((await get(link as string)).body).toContain('Sent: your order is on its way.');
    expect(await stepsOf('alpha', dana.order)).toEqual(['packed', 'sent']);
    const activity = await activityOf('alpha');
    expect(activity).toContain(`moved order ${number(dana.order)} of =Dana <b>Whitfield</b> to packed`);
    expect(activity).toContain(`moved order ${number(dana.order)} of =Dana <b>Whitfield</b> to sent, the buyer e-mailed`);
  });

  it('records "Mark sent" pressed by two owners at once as one step, and e-mails the buyer once', async () => {
    const sam = await signIn('alpha', 'sam@alpha.example.com');
    const bought = await buy('alpha', 'drain-plunger', '1', { name: 'Pat Twice', email: 'pat@example.com' });
    expect((await post(`${board}/${bought.order}/packed`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(200);
    const before = sent.length;
    const answers = await Promise.all([
      post(`${board}/${bought.order}/sent`, { _csrf: olga.csrf }, olga.cookie),
      post(`${board}/${bought.order}/sent`, { _csrf: sam.csrf }, sam.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await stepsOf('alpha', bought.order)).toEqual(['packed', 'sent']);
    expect(sent.slice(before).filter((m) => m.to === 'pat@example.com')).toHaveLength(1);
    expect((await activityOf('alpha')).filter((d) => d.startsWith(`moved order ${number(bought.order)} of Pat Twice to sent`))).toHaveLength(1);
  });

  it('shows a refunded order as refunded with no button and refuses to move it; a partly refunded one can still go', async () => {
    const whole = await buy('alpha', 'drain-plunger', '1', { name: 'Ray Refund', email: 'ray@example.com' });
    const part = await buy('alpha', 'drain-plunger', '1', { name: 'Petra Part', email: 'petra@example.com' });
    expect(await payments().refund(site('alpha'), whole.checkout)).toEqual({ refunded: 2400 });
    expect(await payments().refund(site('alpha'), part.checkout, 600)).toEqual({ refunded: 600 });
    const res = await get(board, olga.cookie);
    const rowOf = (name: string) => res.body.split('<li>').find((li) => li.includes(`<dd>${name}</dd>`)) ?? '';
    expect(rowOf('Ray Refund')).toContain('<dt>Payment</dt><dd>Refunded</dd>');
    expect(rowOf('Ray Refund')).not.toContain('<form');
    expect(rowOf('Petra Part')).toContain('<dt>Payment</dt><dd>Partly refunded</dd>');
    expect(rowOf('Petra Part')).toContain(`action="/alpha/desk/shop-orders/${part.order}/packed"`);
    // Newest first: the last two bought are at the top.
    expect(res.body.indexOf('Petra Part')).toBeLessThan(res.body.indexOf('Ray Refund'));
    expect(res.body.indexOf('Ray Refund')).toBeLessThan(res.body.indexOf('Pat Twice'));
    const refused = await post(`${board}/${whole.order}/packed`, { _csrf: olga.csrf }, olga.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(`Order ${number(whole.order)} was refunded, so it is not to be sent.`);
    expect(await stepsOf('alpha', whole.order)).toEqual([]);
  });
});

describe('gift certificates on the desk', () => {
  const board = '/alpha/desk/gift-certificates';
  let walt: StoredRecord;
  beforeAll(async () => {
    walt = await buyCertificate('alpha', { recipientName: '=Walt <i>K</i>', recipientEmail: 'walt@example.com' });
  });

  it('sends anyone without a session to the sign-in page', async () => {
    expect(walt).toBeDefined();
    const res = await get(board);
    expect(res.body).toContain('Send me a sign-in link');
    expect(res.body).not.toContain(String(walt.account));
  });

  it('lists a bought certificate with its full code, value, balance, recipient and status, escaped, with a Resend button', async () => {
    const res = await get(board, olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<dt>Code</dt><dd>${String(walt.account)}</dd>`);
    expect(String(walt.account)).toMatch(/^ALPHA-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(res.body).toContain('<dt>Value</dt><dd>$50.00</dd>');
    expect(res.body).toContain('<dt>Left</dt><dd>$50.00</dd>');
    expect(res.body).toContain('<dt>Recipient</dt><dd>=Walt &lt;i&gt;K&lt;/i&gt; (walt@example.com)</dd>');
    expect(res.body).not.toContain('<i>K');
    expect(res.body).toContain('<dt>Buyer</dt><dd>Sue Kowalski (sue@example.com)</dd>');
    expect(res.body).toMatch(/<dt>Valid until<\/dt><dd>\d{4}-\d\d-\d\d<\/dd>/);
    // Bought through the test provider: marked so.
    expect(res.body).toContain('<dt>Status</dt><dd>Sent (test)</dd>');
    expect(res.body).toContain(`action="/alpha/desk/gift-certificates/${walt.id}/resend"`);
  });

  it('shows the balance drop after a redemption, and gives the list as formula-safe CSV', async () => {
    const redeemed = await redeemCertificate(services(), site('alpha'), String(walt.account), 2_000, 'desk-test-redemption');
    expect(redeemed).toMatchObject({ balance: 3_000 });
    expect((await get(board, olga.cookie)).body).toContain('<dt>Left</dt><dd>$30.00</dd>');
    const csv = await get('/alpha/desk/export/gift-certificates.csv', olga.cookie);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.split('\n');
    expect(header).toBe('Code,Issued,Value,Left,Recipient,Buyer,Valid until,Status');
    expect(row).toContain(`${String(walt.account)},`);
    expect(row).toContain(",$50.00,$30.00,'=Walt <i>K</i> (walt@example.com),Sue Kowalski (sue@example.com),");
    expect(await activityOf('alpha')).toContain('downloaded 1 gift certificates as CSV');
  });

  it('e-mails a sent certificate to its recipient again, with its PDF, and keeps it in the activity list', async () => {
    const before = sent.length;
    expect((await post(`${board}/${walt.id}/resend`, {}, olga.cookie)).statusCode).toBe(403);
    const res = await post(`${board}/${walt.id}/resend`, { _csrf: olga.csrf }, olga.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<p role="status">E-mailed gift certificate ${String(walt.account)} again to =Walt &lt;i&gt;K&lt;/i&gt; (walt@example.com).</p>`,
    );
    const mails = sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'walt@example.com', subject: 'A gift certificate for you from Alpha Plumbing' });
    expect(mails[0]?.text).toContain(`Your code: ${String(walt.account)}`);
    expect(mails[0]?.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await activityOf('alpha')).toContain(`e-mailed gift certificate ${String(walt.account)} again to =Walt <i>K</i> (walt@example.com)`);
    // Nothing on the ledger changes: still one "sent" entry, the same balance.
    const ledger = await ledgerOf(ctx.services.store, 'alpha');
    expect(ledger.filter((e) => e.key === `gift-sent:${String(walt.account)}`)).toHaveLength(1);
    expect((await post(`${board}/${walt.id}/void`, { _csrf: olga.csrf }, olga.cookie)).statusCode).toBe(422);
  });

  it('marks scheduled, refunded and expired certificates, none of them with a Resend button', async () => {
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const dated = await buyCertificate('alpha', { recipientName: 'Dora Dated', recipientEmail: 'dora@example.com', deliverOn: later });
    const voided = await buyCertificate('alpha', { recipientName: 'Vic Void', recipientEmail: 'vic@example.com' });
    expect(await payments().refund(site('alpha'), String(voided.checkout))).toEqual({ refunded: 5_000 });
    await issueCertificate(services(), site('alpha'), { code: 'ALPHA-OLD2-OLD3', amount: 2_500, key: 'issue:old', details: { validUntil: '2020-01-31' } });
    const res = await get(board, olga.cookie);
    const rowOf = (text: string) => res.body.split('<li>').find((li) => li.includes(text)) ?? '';
    expect(rowOf('Dora Dated')).toContain(`<dt>Status</dt><dd>Scheduled for ${later} (test)</dd>`);
    expect(rowOf('Vic Void')).toContain('<dt>Status</dt><dd>Voided (refunded) (test)</dd>');
    expect(rowOf('Vic Void')).toContain('<dt>Left</dt><dd>$0.00</dd>');
    expect(rowOf('ALPHA-OLD2-OLD3')).toContain('<dt>Status</dt><dd>Expired</dd>');
    expect(rowOf('ALPHA-OLD2-OLD3')).toContain('<dt>Valid until</dt><dd>2020-01-31</dd>');
    for (const row of [rowOf('Dora Dated'), rowOf('Vic Void'), rowOf('ALPHA-OLD2-OLD3')]) expect(row).not.toContain('<form');
    // Newest first.
    expect(res.body.indexOf('ALPHA-OLD2-OLD3')).toBeLessThan(res.body.indexOf('Dora Dated'));
    expect(res.body.indexOf('Dora Dated')).toBeLessThan(res.body.indexOf(String(walt.account)));
    const early = await post(`${board}/${dated.id}/resend`, { _csrf: olga.csrf }, olga.cookie);
    expect(early.statusCode).toBe(422);
    expect(early.body).toContain(`is to be sent on ${later}: it has not gone yet.`);
    expect(mailsTo('dora@example.com')).toHaveLength(0);
  });

  it("does not let another site's owner see or resend this site's certificates", async () => {
    const page = await get('/beta/desk/gift-certificates', bea.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Nothing here yet.');
    expect(page.body).not.toContain(String(walt.account));
    const before = sent.length;
    expect((await post(`/beta/desk/gift-certificates/${walt.id}/resend`, { _csrf: bea.csrf }, bea.cookie)).statusCode).toBe(404);
    expect((await post(`${board}/${walt.id}/resend`, { _csrf: bea.csrf }, bea.cookie)).statusCode).toBe(403);
    expect(sent.length).toBe(before);
    expect((await get('/beta/desk/export/gift-certificates.csv', bea.cookie)).body).toBe('Code,Issued,Value,Left,Recipient,Buyer,Valid until,Status\n');
  });

  it('shows a long list 50 at a time, with the pages around it', async () => {
    const before = (await ledgerOf(ctx.services.store, 'beta')).filter((e) => e.type === 'gift-issued').length;
    for (let n = 1; n <= 60; n++)
      await issueCertificate(services(), site('beta'), { code: `GIFT-PAGE-${String(n).padStart(4, '0')}`, amount: 1000, key: `by-hand:${n}` });
    const total = before + 60;
    const first = await get('/beta/desk/gift-certificates', bea.cookie);
    expect(first.body).toContain(`<span>1–50 of ${total}</span> <a href="/beta/desk/gift-certificates?page=2" rel="next">Older</a>`);
    expect(first.body).toContain('GIFT-PAGE-0060');
    expect(first.body).not.toContain('GIFT-PAGE-0010');
    const second = await get('/beta/desk/gift-certificates?page=2', bea.cookie);
    expect(second.body).toContain(`<span>51–${total} of ${total}</span></nav>`);
    expect(second.body).toContain('GIFT-PAGE-0001');
    // The CSV has every one.
    expect((await get('/beta/desk/export/gift-certificates.csv', bea.cookie)).body.trim().split('\n')).toHaveLength(total + 1);
  });
});
