import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FORM_MS } from '../../runtime/services/signing.ts';
import { appWithData } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { testClock } from '../helpers/clock.ts';
import { hydrate, island } from '../helpers/hydrate.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
let browser: Browser;
let origin: string;
const clock = testClock();

beforeAll(async () => {
  ctx = await appWithData(undefined, undefined, undefined, { signer: { now: clock.now } });
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await ctx?.app.close();
});

const submissions = async () =>
  (JSON.parse(await readFile(join(ctx.dataDir, 'gamma.json'), 'utf8').catch(() => '{}')) as { submissions?: { answers: Record<string, string> }[] })
    .submissions ?? [];
/**
 * A person takes a few seconds to fill a form in, and the time-trap discards anything faster:
 * the server's clock is moved on by that much instead of the test waiting for it.
 */
const humanPause = () => clock.advance(MIN_FORM_MS + 200);

/**
 * A tab whose waits are for events (an element, a response, a navigation), each allowed a minute:
 * on a busy two-core machine Chromium can take many seconds to load and hydrate a page.
 */
async function tab(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

describe('forms in a real browser', () => {
  it('with JavaScript: checks answers as the visitor goes, focuses the summary, sends without reloading', async () => {
    const page = await tab();
    await page.goto(`${origin}/gamma/contact`);
    await hydrate(island(page, 'form'));
    await page.getByLabel('E-mail (required)', { exact: true }).fill('not-an-address');
    await page.getByLabel('E-mail (required)', { exact: true }).blur();
    await page.locator('#contact-email-error').waitFor();
    expect(await page.locator('#contact-email-error').textContent()).toBe('Please enter an e-mail address such as name@example.com.');

    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.form-errors:focus').waitFor();
    expect(await page.locator('.form-errors li').count()).toBe(3);

    await page.getByLabel('Your name (required)', { exact: true }).fill('Nia Brooks');
    await page.getByLabel('E-mail (required)', { exact: true }).fill('nia@example.com');
    await page.getByLabel('Message (required)', { exact: true }).fill('Damp smell in the basement since the spring thaw.');
    humanPause();
    let navigated = false;
    page.on('framenavigated', () => (navigated = true));
    const [response] = await Promise.all([
      page
        .waitForResponse((r) => r.request().method() === 'POST')
        .catch(async () => {
          throw new Error(`the form did not send; the page shows: ${await page.locator('.form-block').textContent()}`);
        }),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(response.status()).toBe(200);
    await page.waitForSelector('.form-success');
    expect(await page.locator('.form-success').textContent()).toContain('Thank you');
    expect(navigated).toBe(false);
    expect((await submissions()).some((s) => s.answers.fullName === 'Nia Brooks')).toBe(true);
    await page.context().close();
  });

  it('without JavaScript: the server shows errors beside the fields with the answers kept, then takes the corrected form', async () => {
    const page = await tab({ javaScriptEnabled: false });
    await page.goto(`${origin}/gamma/contact`);
    await page.getByLabel('Your name (required)', { exact: true }).fill('Omar Haddad');
    await page.getByLabel('E-mail (required)', { exact: true }).fill('omar@example.com');
    await page.getByLabel('Message (required)', { exact: true }).fill('Too short');
    humanPause();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Send' }).click()]);
    expect(await page.locator('#contact-message-error').textContent()).toBe('“Message” needs at least 10 characters.');
    expect(await page.getByLabel('Your name (required)', { exact: true }).inputValue()).toBe('Omar Haddad');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('form-errors');

    await page.getByLabel('Message (required)', { exact: true }).fill('The sump pump runs every ten minutes.');
    humanPause();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/sent=contact/);
    expect(await page.locator('.form-success').textContent()).toContain('Thank you');
    expect((await submissions()).some((s) => s.answers.fullName === 'Omar Haddad')).toBe(true);
    await page.context().close();
  });

  it('sends photos and lands on the thank-you page, with JavaScript and without', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const javaScriptEnabled of [true, false]) {
      const page = await tab({ javaScriptEnabled });
      await page.goto(`${origin}/gamma/assessment`);
      if (javaScriptEnabled) await hydrate(island(page, 'form'));
      const name = javaScriptEnabled ? 'Photo With Script' : 'Photo Without Script';
      await page.getByLabel('Your name (required)', { exact: true }).fill(name);
      await page.getByLabel('Phone (required)', { exact: true }).fill('(555) 555-0150');
      await page.getByLabel('Photos of the problem (required)', { exact: true }).setInputFiles({ name: 'corner.png', mimeType: 'image/png', buffer: png });
      await page.getByLabel('Walls', { exact: true }).check();
      humanPause();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForURL(/\/gamma\/assessment\/thank-you$/);
      expect(await page.textContent('main')).toContain('We have your photos');
      // A robot lands on the thank-you page too: only what is stored tells them apart.
      expect((await submissions()).some((s) => s.answers.fullName === name)).toBe(true);
      await page.context().close();
    }
  });
});
