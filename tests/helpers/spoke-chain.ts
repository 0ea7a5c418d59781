/**
 * Spoke & Chain (tests/fixtures/spoke-chain), the bike workshop in Burlington, Vermont, written from
 * `sitewright new --template repair-shop` and the docs alone, served on a clock the test sets, with
 * its desk, every e-mail kept; and what its test does as a rider and reads back.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Signer } from '../../runtime/services/signing.ts';
import type { StoredRecord, Store } from '../../runtime/store/store.ts';
import { deskApp } from './desk.ts';
import { outboxOf, signedPost } from './money.ts';

export const SPOKE_CHAIN_FLEET = fileURLToPath(new URL('../fixtures/spoke-chain', import.meta.url));
export const PREFIX = 'spokechain';
export const BOOK = `/${PREFIX}/book`;
export const OWNER = 'hello@spokeandchain.example';

/** The workshop served over a fresh data folder, its services on `now`'s clock. */
export const openSpokeChain = (now: () => number) =>
  deskApp({ now }, { deskLimits: { perVisitorPerHour: 100, linksPerAddressPerDay: 100 } }, SPOKE_CHAIN_FLEET);

/** What a rider fills in for a service at a time: one bike, both questions answered; `more` changes or adds answers. */
export const dropOff = (choice: string, slot: string, more: Record<string, string> = {}) => ({
  _booking: 'drop-off',
  choice,
  slot,
  party: '1',
  name: 'Jo Rider',
  email: 'Jo@Example.com',
  phone: '(802) 555-0199',
  bike: 'Trek FX 2',
  ...more,
});

export const book = (app: FastifyInstance, signer: Signer, fields: Record<string, string>) => signedPost(app, signer, BOOK, fields);

export const bookingsOf = async (store: Store): Promise<StoredRecord[]> => (await store.tenant(PREFIX)).list('bookings');

/** The outbox's messages with quoted-printable line breaks joined and "=" read back, to read as sent. */
export const outbox = async (dataDir: string) => (await outboxOf(dataDir)).map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));

/** A page that must answer 200, its body. */
export async function page(app: FastifyInstance, url: string): Promise<string> {
  const res = await app.inject(url);
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** The days a booking page offers for a service, as plain links. */
export const daysOn = (html: string, choice: string) =>
  [...html.matchAll(new RegExp(`href="/${PREFIX}/book\\?choice=${choice}&amp;date=(\\d{4}-\\d{2}-\\d{2})#drop-off"`, 'g'))].map((m) => m[1] as string);

/** The address of a "Later dates" or "Earlier dates" link, as a browser follows it (without its #fragment). */
export const pagerLink = (html: string, text: 'Later dates' | 'Earlier dates') =>
  new RegExp(`<a href="([^"]+)" rel="(?:next|prev)">${text}</a>`).exec(html)?.[1]?.replaceAll('&amp;', '&').replace(/#.*$/, '');

/** The radio button of a slot, as rendered ("" when the page offers no such time). */
export const radioOf = (html: string, slot: string) => new RegExp(`<input type="radio"[^>]*value="${slot}"[^>]*/>`).exec(html)?.[0] ?? '';

/** The desk's menu: the address of every page of it. */
export const deskPages = (html: string) =>
  [...(/<nav class="desk-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] as string);
