/**
 * Gift certificates end to end over HTTP, on the golf club's and the escape rooms' own site files:
 * buying one, the test checkout, the code issued once, the e-mails with the PDF, a certificate
 * dated for next week sent by the hourly run, the balance form, every bad input, and many
 * redemptions at once that never take a certificate below zero.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCertificate } from '../blocks/gift-certificate/index.tsx';
import type { GiftCertificateProps } from '../blocks/gift-certificate/schema.ts';
import { runScheduled } from '../runtime/server/retention.ts';
import type { ActionServices } from '../blocks/contract.ts';
import { certificateBalance, issueCertificate, redeemCertificate } from '../blocks/kits/gifts/certificates.ts';
import type { Payments } from '../runtime/payments/payments.ts';
import type { Site } from '../runtime/site.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import { appWithData } from './helpers/app.ts';
import { pathOf, press, signedPost } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
const DAY = 86_400_000;
const CODE = /GOLF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/;
const silent = { info() {}, error() {} };

let ctx: Awaited<ReturnType<typeof appWithData>>;
/** The app's services with its money core, as blocks get them. */
let services: ActionServices;
/** The app's money core. */
const payments = () => ctx.app.payments as Payments;

beforeAll(async () => {
  const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-gift-sites-'));
  for (const prefix of ['cedarlinks', 'lockedin']) {
    await mkdir(join(sitesDir, prefix));
    await copyFile(join(SITES, prefix, 'site.yaml'), join(sitesDir, prefix, 'site.yaml'));
  }
  ctx = await appWithData(sitesDir);
  services = blockServicesOf(ctx.app, ctx.services);
  await ctx.app.ready();
});
afterAll(() => ctx.app.close());

const site = (prefix: string) => ctx.app.fleetHolder.current.sites.get(prefix) as Site;
const post = (url: string, fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, url, fields);
const ledger = async (prefix: string): Promise<StoredRecord[]> => (await ctx.services.store.tenant(prefix)).list('ledger');
const issued = async (prefix: string) => (await ledger(prefix)).filter((e) => e.type === 'gift-issued');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Mail {
  to: string;
  subject: string;
  /** The message with quoted-printable line breaks joined. */
  text: string;
  pdf?: Buffer;
}

async function outbox(): Promise<Mail[]> {
  const dir = join(ctx.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => {
      const eml = await readFile(join(dir, file), 'utf8');
      const pdf = /Content-Type: application\/pdf[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(eml)?.[1];
      return {
        to: /^To: (.+)$/m.exec(eml)?.[1]?.trim() ?? '',
        subject: /^Subject: (.+)$/m.exec(eml)?.[1]?.trim() ?? '',
        text: eml.replace(/=\r?\n/g, ''),
        ...(pdf ? { pdf: Buffer.from(pdf.replace(/\s/g, ''), 'base64') } : {}),
      };
    }),
  );
}
const mailsTo = async (address: string) => (await outbox()).filter((m) => m.to === address);

const lessons = {
  _certificate: 'lessons',
  package: 'Three lessons',
  recipientName: 'Walt Kowalski',
  recipientEmail: 'walt@example.com',
  message: 'Happy 70th, Dad. Time to fix that slice!',
  buyerName: 'Sue Kowalski',
  buyerEmail: 'Sue@Example.com',
};

/** Buys a certificate on a page and pays for it on the test checkout; returns the checkout id. */
async function buy(url: string, fields: Record<string, string>): Promise<string> {
  const sent = await post(url, fields);
  expect(sent.statusCode, sent.body.slice(0, 300)).toBe(303);
  const checkoutPath = pathOf(sent.headers.location);
  const checkout = checkoutPath.split('/').pop() as string;
  const paid = await press(ctx.app, checkoutPath, 'pay');
  expect(paid.statusCode).toBe(303);
  return checkout;
}

/** The lesson certificate bought by the first describe below, looked at again by the second. */
let checkout: string;
let code: string;

describe('buying a lesson gift certificate', () => {
  it('shows the certificates with their prices, the balance form and the test-mode note on the lessons page', async () => {
    const page = await ctx.app.inject('/cedarlinks/lessons');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>Test mode.</strong>');
    expect(page.body).toContain('Three lessons: <strong>$225</strong>');
    expect(page.body).toContain('<legend>Who it is for</legend>');
    expect(page.body).toContain('name="_balance" value="balance"');
    // A balance shown on this page is for its visitor alone.
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('goes from the form to the test checkout, and the receipt says it is paid', async () => {
    const sent = await post('/cedarlinks/lessons', { ...lessons, amount: '1' });
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    expect(checkoutPath).toMatch(/^\/payments\/test\/cedarlinks\/[A-Za-z0-9_-]{22}$/);
    checkout = checkoutPath.split('/').pop() as string;
    const opened = (await ledger('cedarlinks')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    // The package's price from the YAML; the posted amount is not looked at.
    expect(opened).toMatchObject({
      amount: 22_500,
      purpose: 'gift-certificate',
      email: 'sue@example.com',
      description: 'Cedar Links Golf Club: gift certificate',
    });
    expect(opened?.details).toMatchObject({
      recipientName: 'Walt Kowalski',
      recipientEmail: 'walt@example.com',
      package: 'Three lessons',
      value: 22_500,
      deliverOn: '',
    });

    const checkoutPage = await ctx.app.inject(checkoutPath);
    expect(checkoutPage.body).toContain('Gift certificate: Three lessons');
    const paid = await press(ctx.app, checkoutPath, 'pay');
    expect(paid.statusCode).toBe(303);
    const receipt = await ctx.app.inject(pathOf(paid.headers.location));
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Paid');
    expect(receipt.body).toContain('A gift certificate goes to its recipient on the');
  });

  it('issues one code worth the package, e-mails it with the PDF to the recipient, and confirms to the buyer', async () => {
    const certificates = (await issued('cedarlinks')).filter((e) => e.checkout === checkout);
    expect(certificates).toHaveLength(1);
    expect(certificates[0]).toMatchObject({ amount: 22_500, delta: 22_500, currency: 'USD', key: `gift:${checkout}` });
    code = String(certificates[0]?.account);
    expect(code).toMatch(new RegExp(`^${CODE.source}$`));

    const [toRecipient, ...more] = await mailsTo('walt@example.com');
    expect(more).toEqual([]);
    expect(toRecipient?.text).toContain(`Your code: ${code}`);
    expect(toRecipient?.text).toContain('Happy 70th, Dad. Time to fix that slice!');
    expect(toRecipient?.text).toContain('call the pro shop on (555) 555-0183 and give it');
    expect(toRecipient?.pdf?.subarray(0, 4).toString()).toBe('%PDF');
    expect(toRecipient?.pdf?.toString('latin1')).toContain(code);

    const toBuyer = await mailsTo('sue@example.com');
    expect(toBuyer.map((m) => m.subject).sort()).toEqual(['Your gift certificate for Walt Kowalski', 'Your receipt from Cedar Links Golf Club']);
    const confirmation = toBuyer.find((m) => m.subject.startsWith('Your gift certificate'));
    expect(confirmation?.text).toContain(`Code: ${code}`);
    expect(confirmation?.text).toContain('It has been e-mailed to Walt Kowalski at walt@example.com just now.');
    expect(confirmation?.pdf).toBeUndefined();

    const sent = (await ledger('cedarlinks')).filter((e) => e.key === `gift-sent:${code}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'fulfilled', account: code, amount: 0 });
  });
});

describe('a lesson gift certificate once bought', () => {
  it('issues no second code when the checkout is paid again or its payment is recorded again', async () => {
    const again = await press(ctx.app, `/payments/test/cedarlinks/${checkout}`, 'pay');
    expect(again.statusCode).toBe(303);
    const entries = await ledger('cedarlinks');
    const opened = entries.find((e) => e.checkout === checkout && e.type === 'checkout-opened') as StoredRecord;
    const paid = entries.find((e) => e.checkout === checkout && e.type === 'paid') as StoredRecord;
    expect(
      await payments().record({
        id: 'test_evt_again',
        type: 'paid',
        site: 'cedarlinks',
        checkout,
        providerCheckoutId: `test_cs_${checkout}`,
        amount: 22_500,
      }),
    ).toBe('repeat');
    // And the block itself, handed the same paid checkout twice more.
    await giftCertificate.paid?.({ site: site('cedarlinks'), opened, paid, services, log: silent });
    await giftCertificate.paid?.({ site: site('cedarlinks'), opened, paid, services, log: silent });

    const certificates = (await issued('cedarlinks')).filter((e) => e.checkout === checkout);
    expect(certificates.map((e) => e.account)).toEqual([code]);
    expect(await mailsTo('walt@example.com')).toHaveLength(1);
    expect((await mailsTo('sue@example.com')).filter((m) => m.subject.startsWith('Your gift certificate'))).toHaveLength(1);
  });

  it('shows the balance for the code as printed, and in lower case without dashes', async () => {
    const printed = await post('/cedarlinks/lessons', { _balance: 'balance', code });
    expect(printed.statusCode).toBe(200);
    expect(printed.body).toContain(`${code} has $225.00 left.`);
    expect(printed.body).toContain('It was given for: Three lessons.');
    expect(printed.headers['cache-control']).toBe('no-store');

    const typed = await post('/cedarlinks/lessons', { _balance: 'balance', code: `  ${code.replace(/-/g, '').toLowerCase()} ` });
    expect(typed.statusCode).toBe(200);
    expect(typed.body).toContain(`${code} has $225.00 left.`);
    expect(typed.body).toContain(`value="${code}"`);
  });

  it('answers 404 with the same words for an unknown code, a malformed one and a code of another site', async () => {
    for (const typed of ['GOLF-2222-2222', 'golf-abcd', 'hello there', `${code}X`, 'ROOM-2345-6789']) {
      const res = await post('/cedarlinks/lessons', { _balance: 'balance', code: typed });
      expect(res.statusCode, typed).toBe(404);
      expect(res.body).toContain('No certificate has that code.');
      expect(res.body).not.toContain('left.');
    }
    const empty = await post('/cedarlinks/lessons', { _balance: 'balance', code: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain('Please enter the code printed on the certificate.');
  });
});

describe('a certificate dated for next week', () => {
  const nextWeek = isoDay(Date.now() + 7 * DAY);

  it('sends nothing to the recipient now, tells the buyer the day, and goes out once when the day has come', async () => {
    await buy('/cedarlinks/lessons', {
      ...lessons,
      package: 'One lesson',
      recipientEmail: 'june@example.com',
      buyerEmail: 'ray@example.com',
      deliverOn: nextWeek,
    });
    expect(await mailsTo('june@example.com')).toEqual([]);
    const [certificate] = (await issued('cedarlinks')).filter((e) => (e.details as { recipientEmail?: string }).recipientEmail === 'june@example.com');
    expect(certificate).toMatchObject({ amount: 7_500 });
    const confirmation = (await mailsTo('ray@example.com')).find((m) => m.subject.startsWith('Your gift certificate'));
    expect(confirmation?.text).toContain('It will be e-mailed to Walt Kowalski at june@example.com on ');

    // An hourly run before the day sends nothing.
    await runScheduled(ctx.app.fleetHolder.current, services, silent, Date.now() + DAY);
    expect(await mailsTo('june@example.com')).toEqual([]);

    const later = Date.now() + 8 * DAY;
    await runScheduled(ctx.app.fleetHolder.current, services, silent, later);
    await runScheduled(ctx.app.fleetHolder.current, services, silent, later + 3_600_000);
    const props = site('cedarlinks')
      .data.pages.flatMap((p) => p.blocks ?? [])
      .find((b) => b.type === 'gift-certificate') as unknown as GiftCertificateProps;
    await giftCertificate.scheduled?.({ site: site('cedarlinks'), props, services, log: silent, now: later });
    const sent = await mailsTo('june@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`Your code: ${String(certificate?.account)}`);
    expect(sent[0]?.pdf?.subarray(0, 4).toString()).toBe('%PDF');
    expect((await ledger('cedarlinks')).filter((e) => e.key === `gift-sent:${String(certificate?.account)}`)).toHaveLength(1);
  });
});

describe('redeeming a certificate from many counters at once', () => {
  it('takes a lesson 5 times from a certificate worth 5 lessons and refuses the other 195, never below zero', async () => {
    const golf = site('cedarlinks');
    const props = golf.data.pages.flatMap((p) => p.blocks ?? []).find((b) => b.type === 'gift-certificate') as unknown as GiftCertificateProps;
    const price = Math.round((props.packages?.find((p) => p.name === 'One lesson')?.price ?? 0) * 100);
    expect(price).toBe(7_500);
    const code = 'GOLF-5LSN-2345';
    await issueCertificate(services, golf, { code, amount: 5 * price, key: 'gift:five-lessons-by-hand' });

    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => redeemCertificate(services, golf, code, price, `r${i}`)));
    const taken = results.filter((r) => 'added' in r);
    const refused = results.filter((r) => 'refused' in r && r.refused === 'balance');
    expect(taken).toHaveLength(5);
    expect(refused).toHaveLength(195);
    expect(results.every((r) => !('balance' in r) || r.balance >= 0)).toBe(true);
    expect(await certificateBalance(services, golf, code)).toBe(0);
    const entries = (await ledger('cedarlinks')).filter((e) => e.account === code);
    expect(entries.filter((e) => e.type === 'gift-redeemed')).toHaveLength(5);
    // Added up in the order they were written, the balance is never negative on the way.
    let running = 0;
    for (const e of entries) {
      running += Number(e.delta ?? 0);
      expect(running).toBeGreaterThanOrEqual(0);
    }
  });

  it('takes four lessons from a bought series of five ($325) and leaves $25, which the balance form shows', async () => {
    const checkout = await buy('/cedarlinks/lessons', { ...lessons, package: 'Five lessons', recipientEmail: 'ty@example.com' });
    const [certificate] = (await issued('cedarlinks')).filter((e) => e.checkout === checkout);
    const code = String(certificate?.account);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => redeemCertificate(services, site('cedarlinks'), code, 7_500, `series-${i}`)));
    expect(results.filter((r) => 'added' in r)).toHaveLength(4);
    const res = await post('/cedarlinks/lessons', { _balance: 'balance', code });
    expect(res.body).toContain(`${code} has $25.00 left.`);
  });
});

describe('gift cards for any amount', () => {
  const card = {
    _certificate: 'gift-cards',
    amount: '100',
    recipientName: 'Priya Shah',
    recipientEmail: 'priya@example.com',
    message: '',
    deliverOn: '',
    buyerName: 'Dev Shah',
    buyerEmail: 'dev@example.com',
  };

  it('is linked from the navigation, and offers the presets and an amount of your own', async () => {
    const home = await ctx.app.inject('/lockedin');
    expect(home.body).toContain('href="/lockedin/gift-cards"');
    const page = await ctx.app.inject('/lockedin/gift-cards');
    expect(page.statusCode).toBe(200);
    for (const amount of ['$50', '$100', '$150']) expect(page.body).toContain(`>${amount}</label>`);
    expect(page.body).toContain('From $25 to $500.');
    expect(page.body).toContain('Such as ROOM-7KQ4-M2XD');
  });

  it('sells a preset and a typed amount for what the YAML allows, never a posted price', async () => {
    const preset = await buy('/lockedin/gift-cards', card);
    const typed = await buy('/lockedin/gift-cards', { ...card, amount: 'other', otherAmount: '$80.50', recipientEmail: 'li@example.com' });
    const values = new Map((await issued('lockedin')).map((e) => [e.checkout, e.amount]));
    expect(values.get(preset)).toBe(10_000);
    expect(values.get(typed)).toBe(8_050);
    const [mail] = await mailsTo('li@example.com');
    expect(mail?.text).toMatch(/Your code: ROOM-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/);
    expect(mail?.text).toContain('$80.50');
    const forged = await post('/lockedin/gift-cards', { ...card, price: '1' });
    expect(forged.statusCode).toBe(400);
  });

  it('says what the pages accept: the booking page that takes the code online, and a test-mode card’s balance as usable here', async () => {
    await buy('/lockedin/gift-cards', { ...card, recipientEmail: 'online@example.com' });
    const [mail] = await mailsTo('online@example.com');
    expect(mail?.text).toContain('Use it online: enter the code when you book at https://sites.example.com/lockedin/book');
    expect(mail?.text).toContain('How to redeem otherwise: Reserve by phone');
    expect(mail?.text).not.toContain('is not valid');
    const code = /ROOM-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}/.exec(mail?.text ?? '')?.[0] as string;
    const balance = await post('/lockedin/gift-cards', { _balance: 'balance', code });
    expect(balance.statusCode).toBe(200);
    expect(balance.body).toContain(`${code} has $100.00 left.`);
    expect(balance.body).toContain(
      'Test mode: this certificate came from a practice payment. Its $100.00 can be used on this site while it takes payments in test mode.',
    );
    expect(balance.body).not.toContain('not valid');
  });

  const today = Date.now();
  const bad: [string, Record<string, string>, string, string][] = [
    ['zero', { amount: 'other', otherAmount: '0' }, 'otherAmount', 'Please enter an amount from $25 to $500.'],
    ['a negative amount', { amount: 'other', otherAmount: '-50' }, 'otherAmount', 'The amount cannot be negative.'],
    ['10^12', { amount: 'other', otherAmount: '1000000000000' }, 'otherAmount', 'That amount is far too large.'],
    ['a comma for the point', { amount: 'other', otherAmount: '12,50' }, 'otherAmount', 'Write the amount with a point before the cents, such as 12.50.'],
    ['three decimals', { amount: 'other', otherAmount: '30.125' }, 'otherAmount', 'The amount can have at most 2 digits after the point.'],
    ['below the minimum', { amount: 'other', otherAmount: '24.99' }, 'otherAmount', 'Please enter an amount from $25 to $500.'],
    ['above the maximum', { amount: 'other', otherAmount: '500.01' }, 'otherAmount', 'Please enter an amount from $25 to $500.'],
    ['an amount that is not a preset', { amount: '75' }, 'amount', 'Please choose one of the amounts.'],
    ['no amount', { amount: '' }, 'amount', 'Please choose an amount.'],
    ['a preset and a typed amount', { amount: '50', otherAmount: '60' }, 'amount', 'You chose $50 and also typed an amount'],
    ['a date in the past', { deliverOn: isoDay(today - 3 * DAY) }, 'deliverOn', 'That date has passed.'],
    ['a date more than a year ahead', { deliverOn: isoDay(today + 400 * DAY) }, 'deliverOn', 'Please choose a date within a year'],
    ['a date that does not exist', { deliverOn: `${isoDay(today).slice(0, 4)}-02-30` }, 'deliverOn', 'Please enter the date as year-month-day'],
    ['a bad recipient e-mail', { recipientEmail: 'priya(at)example' }, 'recipientEmail', 'Please enter an e-mail address such as name@example.com.'],
    ['a bad buyer e-mail', { buyerEmail: 'dev@' }, 'buyerEmail', 'Please enter an e-mail address such as name@example.com.'],
    ['no buyer e-mail', { buyerEmail: '' }, 'buyerEmail', 'Please enter your e-mail address for the receipt.'],
    ['no recipient name', { recipientName: ' ' }, 'recipientName', 'Please enter the name of the person the certificate is for.'],
    ['a message of 301 characters', { message: 'x'.repeat(301) }, 'message', 'Please shorten the message to 300 characters (it has 301).'],
  ];

  it.each(bad)('refuses %s with a message beside the field, and stores nothing', async (_name, change, field, message) => {
    const before = (await ledger('lockedin')).length;
    const res = await post('/lockedin/gift-cards', { ...card, ...change });
    expect(res.statusCode).toBe(422);
    const beside = new RegExp(`id="gift-gift-cards-${field}-error" class="field-error">([^<]*)<`).exec(res.body)?.[1] ?? '';
    expect(beside.replace(/&#x27;/g, "'").replace(/&quot;/g, '"')).toContain(message);
    expect(res.body).toContain('<div class="form-errors" role="alert"');
    expect((await ledger('lockedin')).length).toBe(before);
  });

  it('refuses a package that is not on offer, and keeps the answers', async () => {
    const before = (await ledger('cedarlinks')).length;
    const res = await post('/cedarlinks/lessons', { ...lessons, package: 'Ten lessons' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('id="gift-lessons-package-error" class="field-error">Please choose one of the gift certificates.</p>');
    expect(res.body).toContain('value="Walt Kowalski"');
    expect((await ledger('cedarlinks')).length).toBe(before);
  });
});
