/**
 * The cart core: what a visitor is choosing on a site, kept in the site's store (kind `carts`)
 * under a random id that travels in a signed cookie (see ./cookie.ts), so a cart works with plain
 * form posts and no JavaScript. Blocks that sell (a restaurant's order page, a shop) use it as:
 *
 *   const carts = cartsOf(services.store);
 *   const lines = await carts.lines(site.prefix, scope, cartIdOf(input.cookies));
 *   const added = await carts.add(site.prefix, scope, cartIdOf(input.cookies), checked.line, quantity);
 *   // first add: answer with `cookies: [cartCookie(added.cart)]`
 *   const priced = priceCart(catalogue, lines); // ./pricing.ts: prices always from the YAML
 *
 * `scope` keeps the carts of two blocks of one site apart (a restaurant's order page and a shop): the
 * cookie is one per site, each block's lines are its own. A cart holds item and option ids and
 * quantities, never a price nor anything about the person. Changes to one cart take turns, so two
 * posts at once (a double click) never lose a line. Old carts are deleted by the blocks' retention
 * rule: `cartRetention(scope)`.
 */
import { randomBytes } from 'node:crypto';
import type { RetentionRule } from '../../contract.ts';
import type { Store } from '../../../runtime/store/store.ts';
import { DEFAULT_MAX_QUANTITY, type ChosenLine, type StoredLine } from './pricing.ts';

export type CartLine = StoredLine;

export interface CartLimits {
  /** The most of one line (default 20). */
  maxQuantity: number;
  /** The most lines in one cart (default 40). */
  maxLines: number;
}

export const CART_DAYS = 7;

/** Why a cart change was refused: a quantity past the line's limit, a cart with too many lines, a line that is not in the cart. */
export type CartRefusal = { refused: 'quantity' | 'lines' | 'line' };

/** A cart after a change: its id (new on the first add) and its lines. */
export interface CartAfter {
  cart: string;
  /** True when this change started the cart: its cookie must be set. */
  created: boolean;
  lines: CartLine[];
}

const CART_ID = /^[A-Za-z0-9_-]{22}$/;
const LINE_ID = /^[A-Za-z0-9_-]{8}$/;

export const isCartId = (value: unknown): value is string => typeof value === 'string' && CART_ID.test(value);

const sameChoice = (a: ChosenLine, b: ChosenLine) =>
  a.item === b.item && a.options.length === b.options.length && a.options.every((o, i) => o === b.options[i]);

export class Carts {
  private readonly limits: CartLimits;
  /** Changes per cart, one after another. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    limits: Partial<CartLimits> = {},
  ) {
    this.limits = { maxQuantity: limits.maxQuantity ?? DEFAULT_MAX_QUANTITY, maxLines: limits.maxLines ?? 40 };
  }

  private async record(prefix: string, scope: string, cart: string | undefined) {
    if (!isCartId(cart)) return undefined;
    return (await this.store.tenant(prefix)).find('carts', { cart, scope });
  }

  private turn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.turns.get(key) ?? Promise.resolve();
    const next = before.then(work, work);
    const settled = next.catch(() => undefined);
    this.turns.set(key, settled);
    void settled.then(() => {
      if (this.turns.get(key) === settled) this.turns.delete(key);
    });
    return next;
  }

  /** The lines of a cart, oldest first; none for an unknown or missing id. */
  async lines(prefix: string, scope: string, cart: string | undefined): Promise<CartLine[]> {
    return ((await this.record(prefix, scope, cart))?.lines as CartLine[] | undefined) ?? [];
  }

  /**
   * Adds `quantity` of a checked line (see checkChoosing): to the same item with the same options
   * when the cart has it, else as a new line. Starts a cart when `cart` names none.
   */
  add(prefix: string, scope: string, cart: string | undefined, line: ChosenLine, quantity: number): Promise<CartAfter | CartRefusal> {
    const id = isCartId(cart) ? cart : randomBytes(16).toString('base64url');
    return this.turn(`${prefix}/${id}`, async () => {
      const tenant = await this.store.tenant(prefix);
      const found = await tenant.find('carts', { cart: id, scope });
      const lines = ((found?.lines as CartLine[] | undefined) ?? []).map((l) => ({ ...l }));
      const same = lines.find((l) => sameChoice(l, line));
      if (!Number.isSafeInteger(quantity) || quantity < 1 || (same?.quantity ?? 0) + quantity > this.limits.maxQuantity) return { refused: 'quantity' };
      if (same) same.quantity += quantity;
      else if (lines.length >= this.limits.maxLines) return { refused: 'lines' };
      else lines.push({ id: randomBytes(6).toString('base64url'), item: line.item, options: [...line.options], quantity });
      if (found) await tenant.update('carts', found.id, { lines });
      else await tenant.add('carts', { cart: id, scope, lines });
      return { cart: id, created: !found && id !== cart, lines };
    });
  }

  /** Sets a line's quantity; 0 removes it. */
  change(prefix: string, scope: string, cart: string | undefined, lineId: string, quantity: number): Promise<CartAfter | CartRefusal> {
    if (!isCartId(cart) || !LINE_ID.test(lineId)) return Promise.resolve({ refused: 'line' });
    return this.turn(`${prefix}/${cart}`, async () => {
      const tenant = await this.store.tenant(prefix);
      const found = await tenant.find('carts', { cart, scope });
      const lines = ((found?.lines as CartLine[] | undefined) ?? []).map((l) => ({ ...l }));
      const line = lines.find((l) => l.id === lineId);
      if (!found || !line) return { refused: 'line' };
      if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > this.limits.maxQuantity) return { refused: 'quantity' };
      const kept = quantity === 0 ? lines.filter((l) => l !== line) : lines;
      line.quantity = quantity;
      await tenant.update('carts', found.id, { lines: kept });
      return { cart, created: false, lines: kept };
    });
  }

  /** Takes a line out. */
  remove(prefix: string, scope: string, cart: string | undefined, lineId: string): Promise<CartAfter | CartRefusal> {
    return this.change(prefix, scope, cart, lineId, 0);
  }

  /** Empties a cart (once its order is placed or paid). */
  async empty(prefix: string, scope: string, cart: string | undefined): Promise<void> {
    if (!isCartId(cart)) return;
    await this.turn(`${prefix}/${cart}`, async () => {
      const tenant = await this.store.tenant(prefix);
      const found = await tenant.find('carts', { cart, scope });
      if (found) await tenant.update('carts', found.id, { lines: [] });
    });
  }
}

const cores = new WeakMap<Store, Carts>();

/** The cart core of a store: one per server, so the changes to one cart take turns across every request. */
export function cartsOf(store: Store): Carts {
  let core = cores.get(store);
  if (!core) cores.set(store, (core = new Carts(store)));
  return core;
}

/** How long a block keeps its carts: they go a week after they were started, as their cookie does. */
export const cartRetention = (scope: string): RetentionRule => ({ kind: 'carts', where: { scope }, days: CART_DAYS + 1 });
