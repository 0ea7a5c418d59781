/**
 * The desk tells every time in the site's zone, and says which on every page: a bicycle shop in
 * Burlington, Vermont (America/New_York) whose message and order came at 01:30 UTC on November 29,
 * which there is 8:30 PM on November 28. Its inbox, a record, its shop orders, money and activity
 * all read "Nov 28, 2026, 8:30 PM EST"; a month's totals end at midnight there; answers are shown
 * under their questions' labels; the receipt and the owner's e-mails are dated the same evening.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../runtime/services/mail.ts';
import type { StoredRecord } from '../runtime/store/store.ts';
import type { appWithData } from './helpers/app.ts';
import { buyFromShop, deskApp, deskClient } from './helpers/desk.ts';
import { ORIGIN } from './helpers/money.ts';
import { orderNumber } from '../blocks/shop/order.ts';

const FLEET = fileURLToPath(new URL('./fixtures/desk-zone', import.meta.url));
/** 8:30 PM on Saturday, November 28, in Burlington. */
const EVENING = Date.parse('2026-11-29T01:30:00Z');
const SHOWN = 'Nov 28, 2026, 8:30 PM EST';
const TIME = `<time datetime="2026-11-29T01:30:00.000Z">${SHOWN}</time>`;
const ZONE_NOTE = 'Times are in America/New_York.';

// The injected clock: the ledger, the desk and the e-mails read it.
let now = EVENING;
let ctx: Awaited<ReturnType<typeof appWithData>>;
let sent: MailMessage[] = [];
const { get, post, signIn } = deskClient(
  () => ctx.app,
  () => sent,
  '10.7.0',
);

let carla: { cookie: string; csrf: string };
let message: StoredRecord;
let bell: { order: string; checkout: string };

/** A message as the store keeps it at `at`: the store stamps a record with the time it is added. */
async function messageAt(at: number): Promise<StoredRecord> {
  const tenant = await ctx.services.store.tenant('cycles');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await tenant.add('submissions', {
      form: 'repair',
      page: '/repair',
      email: 'ben@example.com',
      // `frameSize` was a question once, since taken off the form: it keeps its name.
      answers: { fullName: 'Ben Rider', email: 'ben@example.com', bike: 'Trek 520', problem: 'The rear brake rubs', frameSize: '56 cm' },
    });
  } finally {
    vi.useRealTimers();
  }
}

beforeAll(async () => {
  ({ ctx, sent } = await deskApp({ now: () => now }, { deskLimits: { perVisitorPerHour: 50, linksPerAddressPerDay: 50 } }, FLEET));
  await ctx.app.ready();
  message = await messageAt(EVENING);
  bell = await buyFromShop(ctx.app, ctx.services, 'cycles', 'bell', '1', { name: 'Dana Whitfield', email: 'dana@example.com' });
  carla = await signIn('cycles', 'carla@cycles.example.com');
});
afterAll(() => ctx.app.close());

describe("the desk in the site's zone", () => {
  it('names the zone on every page', async () => {
    const pages = [
      '/cycles/desk',
      `/cycles/desk/submissions/${message.id}`,
      '/cycles/desk/shop-orders',
      '/cycles/desk/money',
      '/cycles/desk/activity',
      '/cycles/desk/erase',
    ];
    for (const page of pages) {
      const res = await get(page, carla.cookie);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain(ZONE_NOTE);
    }
  });

  it('lists a message sent in the evening on that evening, and shows it whole under its questions’ labels', async () => {
    const inbox = await get('/cycles/desk', carla.cookie);
    expect(inbox.body).toContain(TIME);
    expect(inbox.body).not.toContain('2026-11-29 01:30');
    const record = await get(`/cycles/desk/submissions/${message.id}`, carla.cookie);
    expect(record.body).toContain(`Form “repair”, sent ${TIME} from /repair.`);
    expect(record.body).toContain(`First read ${TIME} by Carla Cycles.`);
    expect(record.body).toContain('<dt>Your name</dt><dd>Ben Rider</dd>');
    expect(record.body).toContain('<dt>Which bicycle</dt><dd>Trek 520</dd>');
    expect(record.body).toContain('<dt>What needs fixing</dt><dd>The rear brake rubs</dd>');
    expect(record.body).toContain('<dt>frameSize</dt><dd>56 cm</dd>');
    expect(record.body).not.toMatch(/<dt>(bike|problem|fullName)<\/dt>/);
  });

  it('heads the CSV by the labels and dates its rows in the zone', async () => {
    const csv = await get('/cycles/desk/export/submissions.csv?form=repair', carla.cookie);
    const [header, row] = csv.body.split('\n');
    expect(header).toBe('id,createdAt,form,page,Your name,E-mail,Which bicycle,What needs fixing,frameSize');
    expect(row).toBe(`${message.id},"${SHOWN}",repair,/repair,Ben Rider,ben@example.com,Trek 520,The rear brake rubs,56 cm`);
  });

  it('shows a shop order placed in the evening as placed that evening', async () => {
    const res = await get('/cycles/desk/shop-orders', carla.cookie);
    expect(res.body).toContain(`<dt>Order</dt><dd>${orderNumber(bell.order)}</dd><dt>Placed</dt><dd>${SHOWN}</dd>`);
  });

  it('keeps the activity list in the zone', async () => {
    const activity = await get('/cycles/desk/activity', carla.cookie);
    expect(activity.body).toContain(`<li>${TIME} <strong>Carla Cycles</strong>`);
    expect(activity.body).not.toContain('UTC');
  });

  it('dates the receipt, its e-mail and the owner’s notification that evening', async () => {
    const receipt = sent.find((m) => m.to === 'dana@example.com' && m.subject.startsWith('Your receipt')) as MailMessage;
    expect(receipt.text).toContain('Date: November 28, 2026 at 8:30 PM EST');
    const link = /See this receipt online: (\S+)/.exec(receipt.text)?.[1] as string;
    const page = await get(link.replace(ORIGIN, ''));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('November 28, 2026 at 8:30 PM EST');
    const before = sent.length;
    const res = await post('/cycles/repair', {
      _form: 'repair',
      _t: ctx.services.signer.timeToken(Date.now() - 10_000),
      fullName: 'Ann Other',
      email: 'ann@example.com',
      bike: 'Surly',
      problem: 'Flat tyre',
    });
    expect(res.statusCode).toBe(303);
    await expect.poll(() => sent.length).toBeGreaterThan(before);
    const notice = sent.slice(before).find((m) => m.to === 'shop@cycles.example.com') as MailMessage;
    expect(notice.text).toContain('Sent from /cycles/repair on November 28, 2026 at 8:30 PM EST.');
  });

  it('counts a payment before midnight there in the month it was made there', async () => {
    // 9 PM on November 30 in Burlington, December 1 in UTC.
    now = Date.parse('2026-12-01T02:00:00Z');
    await buyFromShop(ctx.app, ctx.services, 'cycles', 'bell', '1', { name: 'Eve Late', email: 'eve@example.com' });
    // Two days on, the evening's session has lapsed.
    carla = await signIn('cycles', 'carla@cycles.example.com');
    const money = await get('/cycles/desk/money', carla.cookie);
    expect(money.body).toContain('<caption>Totals per month (America/New_York)</caption>');
    expect(money.body).toContain('<th scope="row">2026-11 <span class="desk-status">test mode</span></th><td>$48.00 <span class="muted">(2)</span></td>');
    expect(money.body).not.toContain('<th scope="row">2026-12');
    expect(money.body).toContain(`${TIME} Paid <strong>$24.00</strong>`);
    expect(money.body).toContain('<time datetime="2026-12-01T02:00:00.000Z">Nov 30, 2026, 9:00 PM EST</time> Paid');
    const csv = await get('/cycles/desk/export/money.csv', carla.cookie);
    expect(csv.body.split('\n')[1]).toBe('2026-11,USD,test,48.00,2,0.00,0,48.00');
  });
});
