/**
 * Giving end to end over HTTP: the donate form, the offline test provider's checkout, the receipt,
 * the ledger's one donation per paid gift and the note to the organisation, monthly gifts, the
 * donations on the desk, and the donate pages of the fleet's charities. Bad amounts, tampered
 * posts and unpaid gifts are in donate-refusals.test.ts.
 */
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { receiptNumber } from '../runtime/payments/numbers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS } from '../blocks/registry.ts';
import type { Payments } from '../runtime/payments/payments.ts';
import type { MailMessage } from '../runtime/services/mail.ts';
import { appWithData } from './helpers/app.ts';
import { blockServicesOf } from './helpers/services.ts';
import { deskClient } from './helpers/desk.ts';
import { donor, lanternForms, openLantern, type Lantern } from './helpers/lantern.ts';

let ctx: Lantern;
const mails: MailMessage[] = [];

beforeAll(async () => {
  ctx = await openLantern(mails);
});
afterAll(() => ctx.app.close());

const { post, get, ledger, typesOf, give, press } = lanternForms(() => ctx);

describe('the donate page', () => {
  it('shows the form with its amounts and a fresh time stamp', async () => {
    const res = await get('/lantern/donate');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<form action="/lantern/donate" method="post">');
    expect(res.body).toContain('<label for="donate-general-fund-gift-1">$60</label>');
    expect(res.body).toMatch(/name="_t" value="t\d+\.[\w-]+"/);
    expect(res.body).toContain('<strong>Test mode.</strong>');
  });
});

describe('a one-time gift', () => {
  it('goes to the checkout, is paid, shows its receipt, and is on the ledger once as a donation', async () => {
    const checkout = await give({ ...donor, gift: '6000', frequency: 'once', dedication: 'memory', dedicatee: 'Ruth Alvarez' });

    const page = await get(`/payments/test/lantern/${checkout}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>Test mode.</strong>');
    expect(page.body).toContain('Donation to Lantern Food Pantry');
    expect(page.body).toContain('Pay $60.00</button>');

    const paid = await press(checkout, 'pay');
    expect(paid.statusCode).toBe(303);
    const receiptUrl = String(paid.headers.location);
    expect(receiptUrl).toMatch(/^\/lantern\/payment-success\?receipt=[\w.-]+$/);

    const receipt = await get(receiptUrl);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Thank you: payment received');
    expect(receipt.body).toContain('Your gift is already on a shelf.');
    expect(receipt.body).toContain('<td>Paid</td>');
    expect(receipt.body).toContain('<strong><span class="amount">$60.00</span></strong>');

    expect(await typesOf(checkout)).toEqual(['checkout-opened', 'donation', 'fulfilled', 'paid']);
    const [opened] = await ledger({ checkout, type: 'checkout-opened' });
    expect(opened).toMatchObject({
      amount: 6000,
      currency: 'USD',
      mode: 'once',
      purpose: 'donate',
      page: '/donate',
      email: 'ana@example.com',
      lines: [{ name: 'Donation to Lantern Food Pantry', amount: 6000, quantity: 1 }],
      details: { donation: 'general-fund', name: 'Ana Ruiz', dedication: 'In memory of Ruth Alvarez', declaration: false },
    });
    const donations = await ledger({ checkout, type: 'donation' });
    expect(donations).toHaveLength(1);
    expect(donations[0]).toMatchObject({
      key: `donation:${checkout}`,
      amount: 6000,
      currency: 'USD',
      monthly: false,
      name: 'Ana Ruiz',
      dedication: 'In memory of Ruth Alvarez',
      declaration: false,
    });
    expect(Number.isSafeInteger(donations[0]?.amount)).toBe(true);

    // The organisation hears of it; the donor gets the receipt.
    const note = mails.find((m) => m.to === 'gifts@lantern.example.org' && m.text.includes(receiptNumber(checkout)));
    expect(note?.subject).toBe('[Test] A gift of $60.00 from Ana Ruiz');
    expect(note?.replyTo).toBe('ana@example.com');
    expect(note?.text).toContain('Ana Ruiz gave $60.00 to Lantern Food Pantry through the website.');
    expect(note?.text).toContain('How often: once');
    expect(note?.text).toContain('Dedication: In memory of Ruth Alvarez');
    expect(note?.text).toContain('Declaration: no');
    expect(mails.some((m) => m.to === 'ana@example.com' && m.subject === 'Your receipt from Lantern Food Pantry' && m.text.includes('$60.00'))).toBe(true);
  });

  it('is kept once when pay is pressed again, the paid event arrives again, or the block is handed it twice', async () => {
    const checkout = await give({ ...donor, gift: '2500' });
    expect((await press(checkout, 'pay')).statusCode).toBe(303);
    const notes = () => mails.filter((m) => m.to === 'gifts@lantern.example.org' && m.text.includes(receiptNumber(checkout))).length;
    expect(notes()).toBe(1);

    const again = await press(checkout, 'pay');
    expect(again.statusCode).toBe(303);
    expect(String(again.headers.location)).toMatch(/^\/lantern\/payment-success\?receipt=/);

    // The provider's paid event delivered a second time, through the money core.
    const payments = ctx.app.payments as Payments;
    const [opened] = await ledger({ checkout, type: 'checkout-opened' });
    const replay = { id: 'test_evt_replayed', type: 'paid' as const, site: 'lantern', checkout, amount: 2500, currency: 'USD' };
    expect(await payments.record({ ...replay, providerCheckoutId: String(opened?.providerCheckoutId) })).toBe('repeat');

    // The block itself, handed the same paid checkout again.
    const [paid] = await ledger({ checkout, type: 'paid' });
    const site = ctx.app.fleetHolder.current.sites.get('lantern');
    await BLOCKS.donate?.paid?.({
      site: site!,
      opened: opened!,
      paid: paid!,
      services: blockServicesOf(ctx.app, ctx.services),
      log: { info() {}, error() {} },
    });

    expect(await ledger({ checkout, type: 'donation' })).toHaveLength(1);
    expect(await ledger({ checkout, type: 'paid' })).toHaveLength(1);
    expect(notes()).toBe(1);
  });

  it('keeps the declaration and the home address when the box is ticked', async () => {
    const checkout = await give({ ...donor, gift: 'other', amount: '75.50', declaration: 'yes', address: '12 Elm Street\nHarlow, OH 44101' });
    await press(checkout, 'pay');
    const [opened] = await ledger({ checkout, type: 'checkout-opened' });
    expect(opened).toMatchObject({ amount: 7550, details: { declaration: true, address: '12 Elm Street\nHarlow, OH 44101' } });
    expect(await ledger({ checkout, type: 'donation' })).toMatchObject([{ amount: 7550, declaration: true }]);
    const note = mails.find((m) => m.to === 'gifts@lantern.example.org' && m.text.includes(receiptNumber(checkout)));
    expect(note?.text).toContain('Declaration: yes');
    expect(note?.text).toContain('Home address: 12 Elm Street, Harlow, OH 44101');
  });
});

describe('what the donor reads', () => {
  it('repeats the dedication on the donor’s receipt page and e-mail, not only in the organisation’s note', async () => {
    const checkout = await give({ ...donor, email: 'rose@example.com', gift: '2500', frequency: 'once', dedication: 'memory', dedicatee: 'Grandma Rose' });
    const paid = await press(checkout, 'pay');
    const receipt = await get(String(paid.headers.location));
    expect(receipt.body).toContain('<th scope="row">Dedication</th><td class="receipt-said">In memory of Grandma Rose</td>');
    const sent = mails.find((m) => m.to === 'rose@example.com' && m.subject.startsWith('Your receipt'));
    expect(sent?.text).toContain('Dedication: In memory of Grandma Rose');
  });

  it('leaves the declaration out of the organisation’s note where the form never asks for one', async () => {
    const checkout = await give({ _donation: 'monthly-friends', name: 'Kim Ode', email: 'kim@example.com', gift: '2000' }, '/lantern/give-monthly');
    await press(checkout, 'pay');
    const note = mails.find((m) => m.to === 'gifts@lantern.example.org' && m.text.includes(receiptNumber(checkout)));
    expect(note?.text).toContain('Donor: Kim Ode <kim@example.com>');
    expect(note?.text).not.toContain('Declaration');
  });

  it('gives a paid gift a receipt number of letters and digits that cannot be mistaken, and a declined one none', async () => {
    const paidCheckout = await give({ ...donor, gift: '2500', frequency: 'once' });
    const paid = await get(String((await press(paidCheckout, 'pay')).headers.location));
    const number = /<th scope="row">Receipt number<\/th><td>([^<]*)<\/td>/.exec(paid.body)?.[1];
    expect(number).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const declinedCheckout = await give({ ...donor, gift: '2500', frequency: 'once' });
    const declined = await get(String((await press(declinedCheckout, 'fail')).headers.location));
    expect(declined.body).toContain('The payment did not go through');
    expect(declined.body).not.toContain('Receipt number');
  });
});

describe('a monthly gift', () => {
  it('says every month at the checkout and on the receipt, and its donation says monthly', async () => {
    const checkout = await give({ ...donor, gift: '12000', frequency: 'monthly' });
    const page = await get(`/payments/test/lantern/${checkout}`);
    expect(page.body).toContain('Donation to Lantern Food Pantry (monthly)');
    expect(page.body).toContain('Pay $120.00 every month</button>');

    const paid = await press(checkout, 'pay');
    const receipt = await get(String(paid.headers.location));
    expect(receipt.body).toContain('Thank you: your monthly gift is set up');
    expect(receipt.body).toContain('<strong><span class="amount">$120.00</span> every month</strong>');
    expect(await ledger({ checkout, type: 'donation' })).toMatchObject([{ amount: 12000, monthly: true }]);
    expect(await ledger({ checkout, type: 'paid' })).toMatchObject([{ providerSubscriptionId: `test_sub_${checkout}` }]);
  });

  it('brings donors back to the block’s own thank-you page', async () => {
    const checkout = await give({ _donation: 'monthly-friends', name: 'Lee Park', email: 'lee@example.com', gift: '2000' }, '/lantern/give-monthly');
    expect(await ledger({ checkout, type: 'checkout-opened' })).toMatchObject([{ mode: 'monthly', amount: 2000, returnPath: '/thank-you' }]);
    const paid = await press(checkout, 'pay');
    expect(String(paid.headers.location)).toMatch(/^\/lantern\/thank-you\?receipt=/);
    const receipt = await get(String(paid.headers.location));
    expect(receipt.body).toContain('Monthly friends keep the pantry open all year.');
    expect(receipt.body).toContain('Thank you: your monthly gift is set up');
  });

  it('cannot be given once where only monthly gifts are offered', async () => {
    const before = (await ledger()).length;
    const res = await post('/lantern/give-monthly', {
      _donation: 'monthly-friends',
      name: 'Lee Park',
      email: 'lee@example.com',
      gift: '2000',
      frequency: 'once',
    });
    expect(res.statusCode).toBe(422);
    expect((await ledger()).length).toBe(before);
  });
});

describe('the donations on the desk', () => {
  it('lists every gift with its donor, how often, dedication and declaration with the address, newest first, and as CSV', async () => {
    const checkout = await give({
      ...donor,
      name: '=Dot Dee',
      email: 'dot@example.com',
      gift: 'other',
      amount: '33',
      dedication: 'memory',
      dedicatee: 'Gran',
      declaration: 'yes',
      address: '4 Mill Lane\nHarlow, OH 44101',
    });
    expect((await press(checkout, 'pay')).statusCode).toBe(303);
    const desk = deskClient(
      () => ctx.app,
      () => mails,
      '10.6.0',
    );
    expect((await desk.get('/lantern/desk/donations')).body).toContain('Send me a sign-in link');
    const { cookie, csrf } = await desk.signIn('lantern', 'mara@lantern.example.org');
    const page = await desk.get('/lantern/desk/donations', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/lantern/desk/donations" aria-current="page">Donations</a>');
    const first = /<li><dl class="desk-answers">(.*?)<\/dl>/s.exec(page.body)?.[1] ?? '';
    expect(first).toContain('<dt>Donor</dt><dd>=Dot Dee</dd>');
    expect(first).toContain('<dt>Amount</dt><dd>$33.00</dd>');
    expect(first).toContain('<dt>How often</dt><dd>Once</dd>');
    expect(first).toContain('<dt>Dedication</dt><dd>In memory of Gran</dd>');
    expect(first).toContain('<dt>Declaration</dt><dd>Yes: 4 Mill Lane, Harlow, OH 44101</dd>');
    expect(first).toContain('<dt>Status</dt><dd>Received (test: no money moved)</dd>');
    expect(page.body).toContain('<dt>How often</dt><dd>Monthly (first gift)</dd>');
    // Nothing to press, and a post is refused.
    expect(page.body).not.toContain('/lantern/desk/donations/');
    const id = (await ledger({ checkout, type: 'donation' }))[0]?.id as string;
    expect((await desk.post(`/lantern/desk/donations/${id}/refund`, { _csrf: csrf }, cookie)).statusCode).toBe(422);
    const csv = await desk.get('/lantern/desk/export/donations.csv', cookie);
    expect(csv.body.split('\n')[0]).toBe('Received,Donor,E-mail,Amount,How often,For,Dedication,Declaration,Status');
    expect(csv.body).toContain("'=Dot Dee");
    expect(csv.body.trim().split('\n').length - 1).toBe((await ledger({ type: 'donation' })).length);
  });
});

describe('the donate pages of the sites', () => {
  const SITES = fileURLToPath(new URL('../sites', import.meta.url));
  const cases: [string, string, string][] = [
    ['eastsidecommunity', 'neighbours-fund', '/payment-success'],
    ['hopekitchen', 'meals-and-pantry', '/thank-you'],
    ['brighterfutures', 'where-needed-most', '/payment-success'],
  ];
  let real: Awaited<ReturnType<typeof appWithData>>;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitewright-donate-real-'));
    for (const [prefix] of cases) {
      await mkdir(join(dir, prefix));
      await copyFile(join(SITES, prefix, 'site.yaml'), join(dir, prefix, 'site.yaml'));
    }
    real = await appWithData(dir);
  });
  afterAll(() => real.app.close());

  it.each(cases)('%s takes a monthly gift from its donate page and shows the receipt', async (prefix, donation, receiptPage) => {
    const form = await real.app.inject({ method: 'GET', url: `/${prefix}/donate` });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`name="_donation" value="${donation}"`);
    expect(form.body).toMatch(new RegExp(`<a href="/${prefix}/donate"[^>]*>Donate</a>`));
    const gift = /name="gift" value="(\d+)"/.exec(form.body)?.[1] as string;
    const res = await real.app.inject({
      method: 'POST',
      url: `/${prefix}/donate`,
      payload: new URLSearchParams({
        _t: real.services.signer.timeToken(Date.now() - 10_000),
        _donation: donation,
        gift,
        frequency: 'monthly',
        name: 'Sam Okafor',
        email: 'sam@example.com',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(303);
    const checkout = String(res.headers.location).split('/').pop() as string;
    const paid = await real.app.inject({
      method: 'POST',
      url: `/payments/test/${prefix}/${checkout}`,
      payload: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(String(paid.headers.location)).toMatch(new RegExp(`^/${prefix}${receiptPage}\\?receipt=`));
    const receipt = await real.app.inject({ method: 'GET', url: String(paid.headers.location) });
    expect(receipt.body).toContain('Thank you: your monthly gift is set up');
    expect(receipt.body).toContain('<td>Paid</td>');
    const donations = await (await real.services.store.tenant(prefix)).list('ledger', { type: 'donation' });
    expect(donations).toMatchObject([{ amount: Number(gift), monthly: true, name: 'Sam Okafor' }]);
  });
});
