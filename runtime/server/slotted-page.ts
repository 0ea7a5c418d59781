/**
 * A page with per-visitor slots (a form's signed time stamp), kept as the bytes between them and
 * joined around each visitor's values.
 */
import type { PerRequestSlot } from '../../blocks/contract.ts';
import { placeholder } from '../render/page.tsx';
import { CachedBody } from './cached.ts';

const HTML = 'text/html; charset=utf-8';

/** The value of each per-visitor slot, made afresh for every request (a form's signed time stamp). */
export type SlotValues = Record<PerRequestSlot, () => string>;

/** A page with per-visitor slots: its bytes cut at each placeholder, to be joined around this visitor's values. */
export class SlottedPage {
  private readonly parts: Buffer[] = [];
  private readonly slots: PerRequestSlot[] = [];

  constructor(html: string, slots: readonly PerRequestSlot[]) {
    const names = new Map(slots.map((slot) => [placeholder(slot), slot]));
    const pattern = new RegExp([...names.keys()].join('|'), 'g');
    let at = 0;
    for (const m of html.matchAll(pattern)) {
      this.parts.push(Buffer.from(html.slice(at, m.index)));
      this.slots.push(names.get(m[0]) as PerRequestSlot);
      at = m.index + m[0].length;
    }
    this.parts.push(Buffer.from(html.slice(at)));
  }

  private last?: { key: string; body: CachedBody };

  /**
   * The page with this visitor's values, kept while the values stay the same (a time stamp is
   * the same for a whole second), so a busy form page is joined and compressed once a second.
   */
  filled(values: SlotValues): CachedBody {
    const made = Object.fromEntries(this.slots.map((slot) => [slot, values[slot]()])) as Record<PerRequestSlot, string>;
    const key = this.slots.map((slot) => made[slot]).join('\n');
    if (this.last?.key !== key)
      this.last = { key, body: new CachedBody(this.fill(Object.fromEntries(Object.entries(made).map(([k, v]) => [k, () => v])) as SlotValues), HTML) };
    return this.last.body;
  }

  /** Bytes held: the page's parts. */
  get size(): number {
    return this.parts.reduce((n, part) => n + part.length, 0);
  }

  fill(values: SlotValues): Buffer {
    const made = new Map<PerRequestSlot, Buffer>();
    const pieces: Buffer[] = [];
    this.parts.forEach((part, i) => {
      pieces.push(part);
      const slot = this.slots[i];
      if (slot === undefined) return;
      let value = made.get(slot);
      if (!value) made.set(slot, (value = Buffer.from(values[slot]())));
      pieces.push(value);
    });
    return Buffer.concat(pieces);
  }
}
