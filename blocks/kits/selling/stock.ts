/**
 * Stock of a shop's variants, never sold past what the YAML says there is. When a checkout opens,
 * each line of the order takes its units in one step of the store (`takePlaces`, per variant), held
 * for a while so the buyer can pay; a hold that lapses frees its units by itself. Paid, the holds
 * become sales for good. An order whose line cannot be taken takes nothing at all.
 *
 * A record of the store's `stock` collection: `stock` (the variant's key), `places` (units), `order` (the order's
 * id), `status` and, while held, `expiresAt`: 'held' (until `expiresAt`), 'lapsed' (a hold whose time ran
 * out, marked by `sweep`: its units can still be sold to it if nobody bought them meanwhile), 'sold'
 * (for good) or 'released' (given back: it holds nothing, ever again).
 */
import { holdsPlaces, sumOf, type RecordKind, type Store, type StoredRecord, type TenantStore } from '../../../runtime/store/store.ts';

export const DEFAULT_HOLD_MINUTES = 15;

const MINUTE = 60_000;
/** How long a confirmation that takes back a lapsed hold's units keeps them while it writes (a crash in between frees them after this). */
const CLAIM_MS = MINUTE;

export interface StockLine {
  /** The variant's stock key. */
  key: string;
  quantity: number;
  /** What the YAML says there is of it in all. */
  stock: number;
}

export type TakeResult = { held: StoredRecord[] } | { short: { key: string; left: number }[] };

/** `lost`: the holds lapsed and someone else bought the units meanwhile (the buyer is refunded). */
export type ConfirmResult = { sold: StoredRecord[] } | { refused: 'lost' | 'unknown' };

const iso = (ms: number) => new Date(ms).toISOString();

export class Stock {
  /** One change at a time per order (confirm, release), so a payment and a lapse never interleave. */
  private readonly locks = new Map<string, Promise<unknown>>();

  private readonly kind: RecordKind = 'stock';

  constructor(private readonly store: Store) {}

  /** Units of a variant not sold nor held at `now`. */
  async left(prefix: string, key: string, stock: number, now: number): Promise<number> {
    const tenant = await this.store.tenant(prefix);
    return Math.max(0, stock - this.taken(await tenant.list(this.kind, { stock: key }), now));
  }

  /** Units left of several variants at once (the listing, a product page), read in one pass. */
  async leftOf(prefix: string, lines: readonly { key: string; stock: number }[], now: number): Promise<Map<string, number>> {
    const tenant = await this.store.tenant(prefix);
    const records = await tenant.list(this.kind);
    const byKey = new Map<string, StoredRecord[]>();
    for (const r of records) if (typeof r.stock === 'string') byKey.set(r.stock, [...(byKey.get(r.stock) ?? []), r]);
    return new Map(lines.map((l) => [l.key, Math.max(0, l.stock - this.taken(byKey.get(l.key) ?? [], now))]));
  }

  /**
   * Holds every line of an order for `holdMinutes`, each in one step of the store; if any line cannot be had, the
   * lines already held are given back and every short line is named with what is left of it.
   */
  async take(prefix: string, order: string, lines: readonly StockLine[], now: number, holdMinutes = DEFAULT_HOLD_MINUTES): Promise<TakeResult> {
    const tenant = await this.store.tenant(prefix);
    const held: StoredRecord[] = [];
    const short: { key: string; left: number }[] = [];
    for (const line of lines) {
      if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new Error(`a stock hold is a positive whole number of units, not ${line.quantity}`);
      const record = { stock: line.key, places: line.quantity, stockAtHold: line.stock, order, status: 'held', expiresAt: iso(now + holdMinutes * MINUTE) };
      const taken = await tenant.takePlaces(this.kind, { stock: line.key }, line.stock, record, now);
      if ('added' in taken) held.push(taken.added);
      else short.push({ key: line.key, left: taken.left });
    }
    if (!short.length) return { held };
    await tenant.remove(
      this.kind,
      held.map((r) => r.id),
    );
    // What was just given back counts as left again for the buyer's message.
    return { short };
  }

  /**
   * Makes an order's holds sales for good (once paid). A hold that lapsed still gets its units when
   * nobody has bought them meanwhile; if any line cannot, none is sold and the order is `lost`.
   * Confirming twice gives the same sales.
   */
  async confirm(prefix: string, order: string, now: number, stockOf: (key: string) => number | undefined): Promise<ConfirmResult> {
    return this.exclusive(prefix, order, async (): Promise<ConfirmResult> => {
      const tenant = await this.store.tenant(prefix);
      const records = (await tenant.list(this.kind, { order })).filter((r) => r.status === 'held' || r.status === 'lapsed' || r.status === 'sold');
      if (!records.length) return { refused: 'unknown' };
      if (records.every((r) => r.status === 'sold')) return { sold: records };
      const claims: StoredRecord[] = [];
      try {
        for (const record of records) {
          if (record.status === 'sold' || (record.status === 'held' && holdsPlaces(record, now))) continue;
          // The hold lapsed: its units are taken again in one step, through a short claim, before the hold is made a sale.
          const stock = stockOf(String(record.stock)) ?? Number(record.stockAtHold);
          const claim = await tenant.takePlaces(
            this.kind,
            { stock: record.stock },
            stock,
            { stock: record.stock, places: Number(record.places), order, status: 'claim', expiresAt: iso(now + CLAIM_MS) },
            now,
          );
          if ('refused' in claim) {
            await this.drop(
              tenant,
              records.filter((r) => r.status !== 'sold'),
              now,
            );
            return { refused: 'lost' };
          }
          claims.push(claim.added);
        }
        const sold: StoredRecord[] = [];
        for (const record of records) {
          const changed =
            record.status === 'sold' ? record : await tenant.update(this.kind, record.id, { status: 'sold', expiresAt: undefined, soldAt: iso(now) });
          if (!changed) throw new Error(`the stock hold ${record.id} disappeared while it was being sold`);
          sold.push({ ...changed });
        }
        return { sold };
      } finally {
        if (claims.length)
          await tenant.remove(
            this.kind,
            claims.map((c) => c.id),
          );
      }
    });
  }

  /** Gives back an order's holds that are not sold (a checkout that could not open, a payment given up). */
  async release(prefix: string, order: string, now: number): Promise<void> {
    await this.exclusive(prefix, order, async () => {
      const tenant = await this.store.tenant(prefix);
      await this.drop(
        tenant,
        (await tenant.list(this.kind, { order })).filter((r) => r.status === 'held' || r.status === 'lapsed'),
        now,
      );
    });
  }

  /** Marks the holds that lapsed by `now` as lapsed; returns how many (house-keeping: a lapsed hold already holds nothing). */
  async sweep(prefix: string, now: number): Promise<number> {
    const tenant = await this.store.tenant(prefix);
    const lapsed = (await tenant.list(this.kind, { status: 'held' })).filter((r) => typeof r.stock === 'string' && !holdsPlaces(r, now));
    const orders = [...new Set(lapsed.map((r) => String(r.order)))];
    let count = 0;
    for (const order of orders)
      count += await this.exclusive(prefix, order, async () => {
        const still = (await tenant.list(this.kind, { order, status: 'held' })).filter((r) => !holdsPlaces(r, now));
        for (const r of still) await tenant.update(this.kind, r.id, { status: 'lapsed' });
        return still.length;
      });
    return count;
  }

  private taken(records: readonly StoredRecord[], now: number): number {
    return sumOf(
      records.filter((r) => r.status !== 'released' && holdsPlaces(r, now)),
      'places',
    );
  }

  /** Holds given back: they hold nothing from `now` on. */
  private async drop(tenant: TenantStore, records: readonly StoredRecord[], now: number): Promise<void> {
    for (const r of records) await tenant.update(this.kind, r.id, { status: 'released', expiresAt: iso(now) });
  }

  private exclusive<T>(prefix: string, order: string, work: () => Promise<T>): Promise<T> {
    const key = `${prefix}\n${order}`;
    const next = (this.locks.get(key) ?? Promise.resolve()).then(work, work);
    const tail = next.catch(() => {});
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return next;
  }
}
