/**
 * Gifts refused or not paid, over HTTP: what is charged comes from the page and never from the
 * post, bad amounts and details shown again beside their fields with nothing charged, a checkout
 * that cannot be opened, a declined card and a cancelled checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import { donor, lanternForms, openLantern, type Lantern } from './helpers/lantern.ts';

let ctx: Lantern;
const mails: MailMessage[] = [];

beforeAll(async () => {
  ctx = await openLantern(mails);
});
afterAll(() => ctx.app.close());

const { post, get, ledger, typesOf, give, press } = lanternForms(() => ctx);

describe('what is charged comes from the page, never from the post', () => {
  it('charges the chosen suggestion, whatever amount is sent beside it', async () => {
    const checkout = await give({ ...donor, gift: '2500', amount: '1' });
    expect(await ledger({ checkout, type: 'checkout-opened' })).toMatchObject([{ amount: 2500, lines: [{ amount: 2500 }] }]);
  });

  it('refuses an amount that is not one of the suggestions, a field it does not know, or a field sent twice', async () => {
    const before = (await ledger()).length;
    const notOffered = await post('/lantern/donate', { ...donor, gift: '100' });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.body).toContain(
      'id="donate-general-fund-gift-error" class="field-error">Please choose an amount, or choose “Other” and enter your own.</p>',
    );
    expect((await post('/lantern/donate', { ...donor, gift: '2500', price: '1' })).statusCode).toBe(400);
    expect((await post('/lantern/donate', { ...donor, gift: ['2500', 'other'], amount: '1' })).statusCode).toBe(400);
    expect((await post('/lantern/donate', { ...donor, gift: 'other', amount: ['5000', '1'] })).statusCode).toBe(400);
    expect((await ledger()).length).toBe(before);
  });

  it('discards a robot’s post as if it succeeded, and charges nothing', async () => {
    const before = (await ledger()).length;
    const res = await post('/lantern/donate', { ...donor, gift: '2500', _hp: 'https://spam.example.com' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/lantern/donate');
    expect((await ledger()).length).toBe(before);
  });
});

describe('answers that need another look', () => {
  const amounts: [string, string][] = [
    ['0', 'Please enter an amount from $5 to $10,000.'],
    ['-5', 'The amount cannot be negative.'],
    ['1000000000000', 'That amount is far too large.'],
    ['12,50', 'Write the amount with a point before the cents, such as 12.50.'],
    ['12.345', 'The amount can have at most 2 digits after the point.'],
    ['', 'Please enter an amount.'],
  ];
  it.each(amounts)('an other amount of "%s" is shown again with "%s" beside it, and nothing is charged', async (amount, message) => {
    const before = (await ledger()).length;
    const res = await post('/lantern/donate', { ...donor, gift: 'other', amount });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`<p id="donate-general-fund-amount-error" class="field-error">${message}</p>`);
    expect(res.body).toContain('aria-describedby="donate-general-fund-amount-help donate-general-fund-amount-error"');
    expect(res.body).toContain('<div class="form-errors" role="alert" tabindex="-1" autofocus="">');
    expect(res.body).toContain(`value="${amount}"`);
    expect((await ledger()).length).toBe(before);
  });

  it('needs an e-mail address for the receipt, in a form that can be used', async () => {
    const before = (await ledger()).length;
    const missing = await post('/lantern/donate', { ...donor, gift: '2500', email: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('<p id="donate-general-fund-email-error" class="field-error">Please enter your e-mail address for the receipt.</p>');
    expect(missing.body).toMatch(/id="donate-general-fund-email" aria-describedby="donate-general-fund-email-error" aria-invalid="true"/);
    const bad = await post('/lantern/donate', { ...donor, gift: '2500', email: 'ana(at)example' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Please enter an e-mail address such as name@example.com.');
    expect(bad.body).toContain('value="ana(at)example"');
    expect((await ledger()).length).toBe(before);
  });

  it('needs a full name and a home address with the declaration ticked', async () => {
    const before = (await ledger()).length;
    const res = await post('/lantern/donate', { ...donor, gift: '2500', name: '', declaration: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<p id="donate-general-fund-name-error" class="field-error">Please enter your full name: the declaration needs it.</p>');
    expect(res.body).toContain('<p id="donate-general-fund-address-error" class="field-error">Please enter your home address: the declaration needs it.</p>');
    expect(res.body).toContain('<a href="#donate-general-fund-address">');
    expect(res.body).toMatch(/id="donate-general-fund-declaration"[^>]*checked=""/);
    expect((await ledger()).length).toBe(before);
  });

  it('says when a checkout cannot be opened, and keeps the answers', async () => {
    const store = ctx.services.store;
    const tenant = store.tenant.bind(store);
    store.tenant = () => Promise.reject(new Error('the data folder is full'));
    try {
      const res = await post('/lantern/donate', { ...donor, gift: '2500' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('Gifts cannot be taken right now. Please try again in a few minutes.');
      expect(res.body).toContain('value="Ana Ruiz"');
    } finally {
      store.tenant = tenant;
    }
  });
});

describe('a gift that is not paid', () => {
  it('with a declined card: the receipt says so, and there is no donation', async () => {
    const checkout = await give({ ...donor, gift: '6000' });
    const declined = await press(checkout, 'fail');
    expect(declined.statusCode).toBe(303);
    const receipt = await get(String(declined.headers.location));
    expect(receipt.body).toContain('The payment did not go through');
    expect(receipt.body).toContain('Nothing has been charged.');
    expect(await typesOf(checkout)).toEqual(['checkout-opened', 'failed']);
    // Pressing pay after the decline changes nothing: a new gift is a new checkout.
    await press(checkout, 'pay');
    expect(await typesOf(checkout)).toEqual(['checkout-opened', 'failed']);
  });

  it('cancelled: the receipt says so, and nothing is charged', async () => {
    const checkout = await give({ ...donor, gift: '6000' });
    const cancelled = await press(checkout, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(String(cancelled.headers.location)).toMatch(/^\/lantern\/payment-success\?receipt=[\w.-]+&cancelled=1$/);
    const receipt = await get(String(cancelled.headers.location));
    expect(receipt.body).toContain('Payment cancelled');
    expect(receipt.body).toContain('<td>Not paid</td>');
    expect(await typesOf(checkout)).toEqual(['checkout-opened']);
  });
});
