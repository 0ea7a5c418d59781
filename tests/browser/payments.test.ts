/**
 * Every page of the fleet that takes money, paid end to end in a real Chromium with the test
 * provider: the form, the checkout page, the Pay button, the receipt. One test per page.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { testClock } from '../helpers/clock.ts';
import { servedInChromium } from '../helpers/served.ts';
import { violations, withAxe } from '../quality/axe.ts';

const SITES = fileURLToPath(new URL('../../sites', import.meta.url));
const clock = testClock();
const served = servedInChromium(() => SITES, { signer: { now: clock.now } });

async function tab(): Promise<Page> {
  const context = await withAxe(await served.browser.newContext());
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

/** Fills the form as a person would, then sends it; the server's clock moves on by a person's pause instead of the test waiting. */
async function payOn(page: Page, fill: (page: Page) => Promise<void>, button: string | RegExp, scope = 'main') {
  await fill(page);
  clock.advance(MIN_FORM_MS + 200);
  await Promise.all([page.waitForURL(/\/payments\/test\//), page.locator(scope).getByRole('button', { name: button }).click()]);
  expect(await page.locator('.test-mode').textContent()).toContain('Test mode.');
  expect(await violations(page), 'the checkout page').toEqual([]);
  await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: /^Pay \$/ }).click()]);
  expect(await violations(page), 'the receipt').toEqual([]);
}

const ledgerOf = async (prefix: string) => (await served.ctx.services.store.tenant(prefix)).list('ledger');

/** The code in the newest certificate e-mail to this address (the outbox of test-mode mail). */
async function codeSentTo(address: string, prefix: string): Promise<string> {
  const dir = join(served.ctx.dataDir, 'outbox');
  for (const file of (await readdir(dir)).sort().reverse()) {
    const mail = await readFile(join(dir, file), 'utf8');
    const code = new RegExp(`\\b${prefix}-[0-9A-Z]{4}-[0-9A-Z]{4}\\b`).exec(mail);
    if (code && mail.includes(`To: ${address}`)) return code[0];
  }
  throw new Error(`no certificate was e-mailed to ${address}`);
}

/** A donation on one of the fleet's donate pages: a preset, or another amount, once or monthly. */
async function donate(path: string, section: string, choose: (form: Locator) => Promise<void>) {
  const page = await tab();
  expect((await page.goto(`${served.origin}${path}`))?.status()).toBe(200);
  const form = page.locator(`#${section}`);
  await payOn(
    page,
    async () => {
      await choose(form);
      await form.getByLabel('Your name (required)').fill('Rosa Alvarez');
      await form.getByLabel('E-mail for the receipt (required)').fill('rosa@example.com');
    },
    'Give now',
    `#${section}`,
  );
  return page;
}

describe('paying bills on the fleet’s pages in a real browser', () => {
  it('/oakridge/payments: a water bill, with the fee added, to a paid receipt', async () => {
    const page = await tab();
    const res = await page.goto(`${served.origin}/oakridge/payments`);
    expect(res?.status()).toBe(200);
    const water = page.locator('#water-bill');
    await payOn(
      page,
      async () => {
        await water.getByLabel('Account number (required)').fill('104233-01');
        await water.getByLabel('Amount to pay (required)').fill('80');
        await water.getByLabel('E-mail for the receipt (required)').fill('resident@example.com');
      },
      'Continue to payment',
      '#water-bill',
    );
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    const receipt = await page.locator('.receipt-block').textContent();
    expect(receipt).toContain('104233-01');
    expect(receipt).toContain('$82.00');
    expect((await ledgerOf('oakridge')).filter((e) => e.type === 'paid').map((e) => e.amount)).toContain(8200);
    await page.context().close();
  });

  it('/oakridge/payments: a parking ticket, chosen with the keyboard, and a mistake shown beside its field first', async () => {
    const page = await tab();
    await page.goto(`${served.origin}/oakridge/payments`);
    const ticket = page.locator('#parking-ticket');
    await ticket.getByLabel('Ticket number (required)').fill('2045871');
    await ticket.getByLabel('Fire hydrant or crosswalk: $75').check();
    await ticket.getByLabel('E-mail for the receipt (required)').fill('driver@example.com');
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForLoadState('load'), ticket.getByRole('button', { name: 'Continue to payment' }).press('Enter')]);
    await page.locator('#pay-parking-ticket-reference-error').waitFor();
    expect(await page.locator('#pay-parking-ticket-reference-error').textContent()).toContain('P2045871');
    expect(await violations(page), 'the form with a mistake shown').toEqual([]);
    // The answers are kept: only the ticket number needs fixing.
    expect(await page.locator('#parking-ticket').getByLabel('E-mail for the receipt (required)').inputValue()).toBe('driver@example.com');
    await payOn(
      page,
      async () => {
        const again = page.locator('#parking-ticket');
        await again.getByLabel('Ticket number (required)').fill('P2045871');
        await again.getByLabel('Fire hydrant or crosswalk: $75').check();
      },
      'Continue to payment',
      '#parking-ticket',
    );
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    expect(await page.locator('.receipt-block').textContent()).toContain('$75.00');
    await page.context().close();
  });

  it('/apexappliance/payments: an invoice, to a paid receipt', async () => {
    const page = await tab();
    expect((await page.goto(`${served.origin}/apexappliance/payments`))?.status()).toBe(200);
    await payOn(
      page,
      async () => {
        await page.getByLabel('Invoice number (required)').fill('INV-104871');
        await page.getByLabel('Amount due (required)').fill('212.40');
        await page.getByLabel('E-mail for the receipt (required)').fill('owner@example.com');
      },
      'Continue to payment',
    );
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    expect(await page.locator('.receipt-block').textContent()).toContain('$212.40');
    await page.context().close();
  });

  it('/oakridge/payment-success: a declined card says so and offers to try again; nothing is charged', async () => {
    const page = await tab();
    await page.goto(`${served.origin}/oakridge/payments`);
    const permit = page.locator('#permit-fee');
    await permit.getByLabel('Application number (required)').fill('BP-2026-0412');
    await permit.getByLabel('Pavilion rental deposit: $100').check();
    await permit.getByLabel('E-mail for the receipt (required)').fill('renter@example.com');
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForURL(/\/payments\/test\//), permit.getByRole('button', { name: 'Continue to payment' }).click()]);
    await Promise.all([page.waitForURL(/receipt=/), page.getByRole('button', { name: 'Pay with a card that is declined' }).click()]);
    await page.getByRole('heading', { name: 'The payment did not go through' }).waitFor();
    await Promise.all([page.waitForURL(/\/oakridge\/payments$/), page.getByRole('link', { name: 'Try again with another card' }).click()]);
    await page.context().close();
  });
});

describe('giving on the fleet’s donate pages in a real browser', () => {
  it('/eastsidecommunity/donate: a preset gift, once, to a thank-you with its receipt', async () => {
    const page = await donate('/eastsidecommunity/donate', 'neighbours-fund', async (form) => {
      await form.getByLabel('$50', { exact: true }).check();
    });
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    expect(await page.locator('.receipt-block').textContent()).toContain('$50.00');
    const donations = (await ledgerOf('eastsidecommunity')).filter((e) => e.type === 'donation');
    expect(donations.map((e) => e.amount)).toContain(5000);
    await page.context().close();
  });

  it('/hopekitchen/donate: another amount, every month, to the kitchen’s own thank-you page', async () => {
    const page = await donate('/hopekitchen/donate', 'meals-and-pantry', async (form) => {
      await form.getByLabel('Other', { exact: true }).check();
      await form.getByLabel('Other amount').fill('35');
      await form.getByLabel('Every month').check();
    });
    expect(page.url()).toContain('/hopekitchen/thank-you?receipt=');
    await page.getByRole('heading', { name: 'Thank you: your monthly gift is set up' }).waitFor();
    expect(await page.locator('.receipt-block').textContent()).toContain('$35.00 every month');
    await page.context().close();
  });

  it('/brighterfutures/donate: a preset chosen from the keyboard, to a paid receipt', async () => {
    const page = await donate('/brighterfutures/donate', 'where-needed-most', async (form) => {
      const first = form.getByLabel('$95', { exact: true });
      await first.focus();
      await first.press('Space');
      expect(await first.isChecked()).toBe(true);
    });
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    expect(await page.locator('.receipt-block').textContent()).toContain('$95.00');
    await page.context().close();
  });
});

describe('buying gift certificates on the fleet’s pages in a real browser', () => {
  it('/cedarlinks/lessons: three lessons as a gift, the code by e-mail, its balance on the same page', async () => {
    const page = await tab();
    expect((await page.goto(`${served.origin}/cedarlinks/lessons`))?.status()).toBe(200);
    const form = page.locator('#lessons');
    await payOn(
      page,
      async () => {
        await form.getByLabel('Three lessons: $225').check();
        await form.getByLabel('Their name (required)').fill('Dana Whitfield');
        await form.getByLabel('Their e-mail address (required)').fill('dana@example.com');
        await form.getByLabel('A message for them').fill('Happy birthday, swing away!');
        await form.getByLabel('Your name (required)').fill('Sam Whitfield');
        await form.getByLabel('Your e-mail address (required)').fill('sam@example.com');
      },
      'Buy gift certificate',
      '#lessons',
    );
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    const code = await codeSentTo('dana@example.com', 'GOLF');
    await page.goto(`${served.origin}/cedarlinks/lessons`);
    await page.getByLabel('Certificate code (required)').fill(code.toLowerCase().replace(/-/g, ''));
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Check what is left' }).click()]);
    await page.getByText(`${code} has $225.00 left.`).waitFor();
    expect(await violations(page), 'the balance answer').toEqual([]);
    await page.context().close();
  });

  it('/lockedin/gift-cards: a gift card of a typed amount, the code by e-mail, its balance', async () => {
    const page = await tab();
    expect((await page.goto(`${served.origin}/lockedin/gift-cards`))?.status()).toBe(200);
    const form = page.locator('#gift-cards');
    await payOn(
      page,
      async () => {
        await form.getByLabel('Another amount').check();
        await form.getByLabel('Your amount').fill('80.50');
        await form.getByLabel('Their name (required)').fill('Theo Park');
        await form.getByLabel('Their e-mail address (required)').fill('theo@example.com');
        await form.getByLabel('Your name (required)').fill('June Park');
        await form.getByLabel('Your e-mail address (required)').fill('june@example.com');
      },
      'Buy gift card',
      '#gift-cards',
    );
    await page.getByRole('heading', { name: 'Thank you: payment received' }).waitFor();
    expect(await page.locator('.receipt-block').textContent()).toContain('$80.50');
    const code = await codeSentTo('theo@example.com', 'ROOM');
    await page.goto(`${served.origin}/lockedin/gift-cards`);
    await page.getByLabel('Gift card code (required)').fill(code);
    clock.advance(MIN_FORM_MS + 200);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Check balance' }).click()]);
    await page.getByText(`${code} has $80.50 left.`).waitFor();
    await page.context().close();
  });
});
