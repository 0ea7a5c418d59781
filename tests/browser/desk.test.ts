/**
 * The owner's desk in a real browser: sign in through the e-mailed link, read the inbox on a
 * phone-wide screen without scrolling sideways, open a submission, move an order on by keyboard;
 * axe finds nothing wrong with the sign-in page, the inbox, the orders, bookings, money, shop
 * orders and gift certificates pages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../runtime/services/mail.ts';
import type { appWithData } from '../helpers/app.ts';
import { addDays, localDate } from '../../runtime/bookings/schedule.ts';
import { buyFromShop, deskApp } from '../helpers/desk.ts';
import { press, signedPost } from '../helpers/money.ts';
import { launchChromium } from '../helpers/browser.ts';
import { violations, withAxe } from '../quality/axe.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
let browser: Browser;
let origin: string;
let sent: MailMessage[] = [];

beforeAll(async () => {
  // An http origin, as the test server is: the session cookie is then not marked Secure.
  ({ ctx, sent } = await deskApp({}, { origin: 'http://127.0.0.1' }));
  const alpha = await ctx.services.store.tenant('alpha');
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
  it('signs in by the mailed link and reads the inbox on a phone', async () => {
    const page = await phone();
    await page.goto(`${origin}/alpha/desk`);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Your e-mail address').fill('olga@alpha.example.com');
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await page.getByText('If that address may sign in, a link is on its way').waitFor();

    const link = /http:\/\/127\.0\.0\.1(\/alpha\/desk\/sign-in\?token=[\w-]+)/.exec(sent.at(-1)?.text ?? '')?.[1];
    expect(link).toBeDefined();
    await page.goto(`${origin}${link}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Signed in as Olga Alpha').waitFor();
    expect(new URL(page.url()).pathname).toBe('/alpha/desk');
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({ name: 'sw-desk', httpOnly: true, sameSite: 'Strict', path: '/alpha/desk' });

    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff' }).click();
    await page.getByText('Our basement floods every spring').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    // The kitchen's orders: readable on the phone, moved on by keyboard.
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByText('Maximiliana Wolfeschlegelsteinhausenbergerdorff').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Start preparing: 7F3A2B/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Moved order 7F3A2B of Maximiliana Wolfeschlegelsteinhausenbergerdorff to preparing.').waitFor();
    expect(await page.getByRole('button', { name: /^Mark ready: 7F3A2B/ }).count()).toBe(1);

    const shown: Record<string, string> = {
      Bookings: 'Rosa Diaz',
      Money: '$80.00',
      'Shop orders': 'Maximiliana Wolfeschlegelsteinhausenbergerdorff',
      'Gift certificates': 'Bartholomew Featherstonehaugh-Cholmondeley',
    };
    for (const [name, text] of Object.entries(shown)) {
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name }).waitFor();
      await page.getByText(text).first().waitFor();
      expect(await noSidewaysScroll(page), name).toBe(true);
      expect(await violations(page)).toEqual([]);
    }
  });
});
