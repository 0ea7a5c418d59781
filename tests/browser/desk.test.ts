/**
 * The owner's desk in a real browser on a phone-wide screen: sign in through the link in the
 * outbox's e-mail, read a personal submission, download a CSV, move an order on by keyboard to
 * ready (the guest's e-mail in the outbox), and sign out; every page of the desk's menu, whichever
 * boards the site has, has no sideways scroll and nothing axe can find.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { appWithData } from '../helpers/app.ts';
import { addDays, localDate } from '../../runtime/services/time.ts';
import { buyFromShop, deskApp } from '../helpers/desk.ts';
import { outboxOf, press, signedPost } from '../helpers/money.ts';
import { readFile } from 'node:fs/promises';
import { launchChromium } from '../helpers/browser.ts';
import { violations, withAxe } from '../quality/axe.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
let browser: Browser;
let origin: string;
/** The last e-mail in the outbox (test-mode mail, as .eml files) that matches, its quoted-printable text decoded. */
const lastMail = async (match: RegExp) =>
  (await outboxOf(ctx.dataDir))
    .map((m) =>
      decodeURIComponent(
        m
          .replace(/=\r?\n/g, '')
          .replace(/%/g, '%25')
          .replace(/=([0-9A-F]{2})/g, '%$1'),
      ),
    )
    .reverse()
    .find((m) => match.test(m)) ?? '';

beforeAll(async () => {
  // An http origin, as the test server is: the session cookie is then not marked Secure.
  ({ ctx } = await deskApp({}, { origin: 'http://127.0.0.1' }));
  const alpha = await ctx.services.store.tenant('alpha');
  await alpha.add('submissions', {
    form: 'application',
    page: '/apply',
    email: 'ivy@example.com',
    answers: { fullName: 'Ivy Applicant', email: 'ivy@example.com' },
  });
  await alpha.add('submissions', {
    form: 'contact',
    page: '/contact',
    email: 'maximiliana.wolfeschlegelsteinhausen@very-long-domain-name.example.com',
    answers: {
      fullName: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff',
      email: 'maximiliana.wolfeschlegelsteinhausen@very-long-domain-name.example.com',
      message: 'Our basement floods every spring; https://photos.example.com/a-very-long-link-without-any-spaces-at-all-0123456789',
    },
  });
  const startUtc = new Date(Date.now() + 26 * 3_600_000).toISOString();
  await alpha.add('orders', {
    scope: 'order:/menu',
    number: '7F3A2B',
    status: 'placed',
    slotId: startUtc.slice(0, 16),
    slot: `order:/menu@${startUtc.slice(0, 16)}`,
    startUtc,
    fulfilment: 'pickup',
    payment: 'at-pickup',
    name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff',
    email: 'maximiliana.wolfeschlegelsteinhausen@very-long-domain-name.example.com',
    lines: [{ item: 'sourdough-loaf', name: 'Sourdough loaf', options: [], quantity: 2, unit: 600, total: 1200 }],
    subtotal: 1200,
    fee: 0,
    total: 1200,
    currency: 'USD',
  });
  // A paid booking, so the bookings page lists one and the money page has its table.
  const day = addDays(localDate(Date.now(), 'America/New_York'), 3);
  const booked = await signedPost(ctx.app, ctx.services.signer, '/alpha/book', {
    _booking: 'boiler-check',
    slot: `${day}T10:00`,
    party: '3',
    name: 'Rosa Diaz',
    email: 'rosa@example.com',
  });
  expect(booked.statusCode).toBe(303);
  await press(ctx.app, String(booked.headers.location).replace(/^https?:\/\/[^/]+/, ''), 'pay');
  // A paid shop order and a certificate with long names and addresses, for the shop orders and gift certificates pages.
  await buyFromShop(ctx.app, ctx.services, 'alpha', 'drain-plunger', '2', {
    name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff',
    email: 'maximiliana.wolfeschlegelsteinhausen@very-long-domain-name.example.com',
  });
  const gift = await signedPost(ctx.app, ctx.services.signer, '/alpha/gift', {
    _certificate: 'service',
    amount: '100',
    recipientName: 'Bartholomew Featherstonehaugh-Cholmondeley',
    recipientEmail: 'bartholomew.featherstonehaugh@very-long-domain-name.example.com',
    message: '',
    deliverOn: '',
    buyerName: 'Rosa Diaz',
    buyerEmail: 'rosa@example.com',
  });
  expect(gift.statusCode).toBe(303);
  await press(ctx.app, String(gift.headers.location).replace(/^https?:\/\/[^/]+/, ''), 'pay');
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await ctx?.app.close();
});

async function phone(): Promise<Page> {
  const context = await withAxe(await browser.newContext({ viewport: { width: 390, height: 844 } }));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the desk in a browser', () => {
  it('signs in by the mailed link, reads a personal submission, downloads a CSV, marks an order ready and signs out, on a phone', async () => {
    const page = await phone();
    await page.goto(`${origin}/alpha/desk`);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Your e-mail address').fill('olga@alpha.example.com');
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByText('If that address may sign in, a link is on its way').waitFor();
    expect(await violations(page)).toEqual([]);

    // The link is mailed once the answer has gone.
    await ctx.app.afterReply.idle();
    const link = /http:\/\/127\.0\.0\.1(\/alpha\/desk\/sign-in\?token=[\w-]+)/.exec(await lastMail(/Sign in to the desk of Alpha/))?.[1];
    expect(link).toBeDefined();
    await page.goto(`${origin}${link}`);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as Olga Alpha').waitFor();
    expect(new URL(page.url()).pathname).toBe('/alpha/desk');
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'sw-desk', httpOnly: true, sameSite: 'Strict', path: '/alpha/desk' });
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await violations(page)).toEqual([]);

    // The personal form's submission: marked new, read whole, then no longer new.
    await page.getByRole('link', { name: /^“application”/ }).click();
    await page.getByText('new', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Ivy Applicant' }).click();
    await page.getByRole('heading', { name: 'A submission to “application”' }).waitFor();
    await page.getByText('Ivy Applicant').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.goBack();
    await page.reload();
    expect(await page.locator('.desk-unread').count()).toBe(0);

    // Its CSV, downloaded as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download “application” as CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('alpha-submissions-application.csv');
    expect(await readFile(await download.path(), 'utf8')).toContain('Ivy Applicant');

    // The kitchen's orders, moved on by keyboard to ready: the guest is e-mailed.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByText('Maximiliana Wolfeschlegelsteinhausenbergerdorff').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole('button', { name: /^Start preparing: 7F3A2B/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Moved order 7F3A2B of Maximiliana Wolfeschlegelsteinhausenbergerdorff to preparing.').waitFor();
    await page.getByRole('button', { name: /^Mark ready: 7F3A2B/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Moved order 7F3A2B of Maximiliana Wolfeschlegelsteinhausenbergerdorff to ready, the guest e-mailed.').waitFor();
    expect(await lastMail(/Your order is ready to collect: 7F3A2B/)).toContain('is ready to collect');
    expect(await violations(page)).toEqual([]);

    // Every page of the desk's menu, the boards this site's blocks give included.
    const menu = await page.locator('nav.desk-nav a').evaluateAll((links) => links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(menu.map(([label]) => label)).toEqual(
      expect.arrayContaining(['Inbox', 'Registrations', 'Newsletter', 'Money', 'Bookings', 'Orders', 'Shop orders', 'Gift certificates', 'Activity']),
    );
    for (const [label, href] of menu) {
      await page.goto(`${origin}${href}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await noSidewaysScroll(page), label).toBe(true);
      expect(await violations(page), label).toEqual([]);
    }
    await page.getByRole('link', { name: 'Bookings', exact: true }).click();
    await page.getByText('Rosa Diaz').first().waitFor();
    await page.getByRole('link', { name: 'Money', exact: true }).click();
    await page.getByText('$80.00').first().waitFor();
    await page.getByRole('link', { name: 'Shop orders', exact: true }).click();
    await page.getByText('Maximiliana Wolfeschlegelsteinhausenbergerdorff').first().waitFor();
    await page.getByRole('link', { name: 'Gift certificates', exact: true }).click();
    await page.getByText('Bartholomew Featherstonehaugh-Cholmondeley').first().waitFor();
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await page.getByText('moved order 7F3A2B of Maximiliana Wolfeschlegelsteinhausenbergerdorff to ready, the guest e-mailed').waitFor();

    // Signing out ends the session: the desk asks to sign in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Your e-mail address').waitFor();
    await page.goto(`${origin}/alpha/desk/orders`);
    await page.getByLabel('Your e-mail address').waitFor();
    expect(await page.getByText('Maximiliana').count()).toBe(0);
    expect(await (await ctx.services.store.tenant('alpha')).count('deskSessions')).toBe(0);
  });
});
