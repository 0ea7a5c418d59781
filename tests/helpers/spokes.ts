/**
 * The pools fixture (Spokes Bike Repair: three services of different lengths on one bench that takes
 * two bikes at once, and an e-bike check on another page drawing on the same bench), and what its
 * tests send and read.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Signer } from '../../runtime/services/signing.ts';
import { holdsPlaces, type Store } from '../../runtime/store/store.ts';
import { signedPost } from './money.ts';

export const POOLS_FLEET = fileURLToPath(new URL('../fixtures/pools/fleet', import.meta.url));
/** The same shop written with two mistakes: a service with more places than the bench, and the bench given another size on another page. */
export const POOLS_BROKEN = fileURLToPath(new URL('../fixtures/pools/broken', import.meta.url));

/** The three services of the repairs page, each its own length. */
export const SERVICES = ['flat-fix', 'tune-up', 'overhaul'] as const;

/** A booking of one bike for `service` at `slot`, as the repairs page sends it. */
export const repair = (app: FastifyInstance, signer: Signer, service: string, slot: string, more: Record<string, string> = {}) =>
  signedPost(app, signer, '/spokes/repairs', { _booking: 'repairs', choice: service, slot, party: '1', name: 'Sam Rider', email: 'sam@example.com', ...more });

/** A booking of the e-bike check (another block, on another page, on the same bench) at `slot`. */
export const eBikeCheck = (app: FastifyInstance, signer: Signer, slot: string) =>
  signedPost(app, signer, '/spokes/e-bikes', { _booking: 'e-bike-check', slot, party: '1', name: 'Eve Volt', email: 'eve@example.com' });

/** What the week's timetable says of one service at one time ("Full", "2 places left"). */
export function sessionNote(html: string, slot: string, label: string): string | undefined {
  const m = new RegExp(
    `dateTime="${slot}[^"]*">[^<]*</time> <span class="timetable-class">${label}</span> <time[^>]*>[^<]*</time> <span class="timetable-left">([^<]*)</span>`,
  ).exec(html);
  return m?.[1];
}

/** The places on the bench that bookings hold now, at a slot's start (every booking here starts at one). */
export async function onTheBench(store: Store, startUtc: string): Promise<number> {
  const records = await (await store.tenant('spokes')).list('bookings', { pool: 'workbench' });
  const at = Date.parse(startUtc);
  return records
    .filter((r) => holdsPlaces(r, Date.now()) && Date.parse(String(r.startUtc)) <= at && at < Date.parse(String(r.endUtc)))
    .reduce((n, r) => n + Number(r.places), 0);
}

/** What the page says beside each time of the day shown ("Full", "1 place left"), by slot id. */
export function notesOf(html: string): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="radio"[^>]*value="([^"]+)"[^>]*\/><label[^>]*>[\s\S]*?<span class="booking-left">\(([^)]*)\)<\/span>/g))
    notes[m[1] as string] = m[2] as string;
  return notes;
}

/** The notes of one service's times on a day, as the repairs page shows them. */
export async function notesFor(app: FastifyInstance, page: string, service: string | undefined, date: string): Promise<Record<string, string>> {
  const answer = await app.inject(`${page}?${service ? `choice=${service}&` : ''}date=${date}`);
  if (answer.statusCode !== 200) throw new Error(`${page} answered ${answer.statusCode}`);
  return notesOf(answer.body);
}
