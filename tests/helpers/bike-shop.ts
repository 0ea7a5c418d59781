/**
 * The bike shop fixture (Spokes Bike Repair: services booked per bike, a wheel truing counted in
 * wheels, questions of its own, a full service paid by a deposit) served with a data folder and its
 * desk, every e-mail kept; and what its tests do as a visitor and read back.
 */
import { fileURLToPath } from 'node:url';
import { addDays, localDate } from '../../runtime/services/time.ts';
import type { MailMessage } from '../../runtime/services/mail.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import { afterAll, beforeAll } from 'vitest';
import { testClock, type TestClock } from './clock.ts';
import { deskApp, deskClient } from './desk.ts';
import { outboxOf, signedPost } from './money.ts';

export const BIKE_FLEET = fileURLToPath(new URL('../fixtures/bike-shop', import.meta.url));
/** The shop's time zone, its site's and its timetable's. */
export const ZONE = 'America/Denver';

export type BikeShop = Awaited<ReturnType<typeof deskApp>>['ctx'] & { sent: MailMessage[] };

export async function bikeShop(clock: TestClock): Promise<BikeShop> {
  const { ctx, sent } = await deskApp({ now: clock.now }, {}, BIKE_FLEET);
  return { ...ctx, sent };
}

/**
 * A test file's shop, made before its tests and closed after them: its clock, the shop (once made),
 * and the desk as its owner's browser uses it, from addresses under `network`.
 */
export function bikeShopSuite(network: string) {
  const clock = testClock();
  let shop: BikeShop | undefined;
  const made = () => shop as BikeShop;
  beforeAll(async () => {
    shop = await bikeShop(clock);
  });
  afterAll(() => shop?.app.close());
  return {
    clock,
    shop: made,
    ...deskClient(
      () => made().app,
      () => made().sent,
      network,
    ),
  };
}

/** What a visitor fills in for a service at a time: one bike, every question answered; `more` changes or adds answers. */
export const answers = (choice: string, slot: string, more: Record<string, string> = {}) => ({
  _booking: 'workshop',
  choice,
  slot,
  party: '1',
  name: 'Jo Rider',
  email: 'Jo@Example.com',
  phone: '(555) 555-0142',
  model: 'Trek FX 2',
  notes: 'Squeaky brakes',
  ...more,
});

export const book = (shop: BikeShop, fields: Record<string, string>) => signedPost(shop.app, shop.services.signer, '/spokes/service', fields);

/** A local date `days` after the clock's today, in the shop's zone. */
export const dayAhead = (clock: TestClock, days: number) => addDays(localDate(clock.now(), ZONE), days);

export const bookingsOf = async (shop: BikeShop): Promise<StoredRecord[]> => (await shop.services.store.tenant('spokes')).list('bookings');

/** The outbox's messages (the offline mailer's files) with quoted-printable line breaks joined and "=" read back, to read as sent. */
export const outbox = async (shop: BikeShop) => (await outboxOf(shop.dataDir)).map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));

/** The booking block's own section of a page: what the block shows, without the rest of the page. */
export const bookingSection = (html: string) => /<section class="booking-block"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

/** Words that must not be said of a bike: people, persons, players. */
export const PEOPLE_WORDS = /\b(people|person|persons|players?)\b/i;
