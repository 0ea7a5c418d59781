/**
 * The numbers payers read and quote: receipt numbers here, and the numbers blocks give what they sell
 * (a shop's and a restaurant's orders, blocks/kits/selling/order-number.ts). One format for all of them,
 * in Crockford's base 32 — digits and capitals without I, L, O and U, so nothing read aloud, over the
 * phone or copied by hand is taken for another — in groups of four joined by a hyphen: "K7QM-3XPD".
 * They are shown, never looked up: a receipt is found by its signed id, an order by its own id.
 */
import { createHash } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The first `length` letters of these bytes in base 32 (five bits a letter). */
export function spell(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    let value = 0;
    for (let bit = i * 5; bit < i * 5 + 5; bit++) value = (value << 1) | (((bytes[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
    out += ALPHABET[value];
  }
  return out;
}

/** A code in groups of four: "K7QM-3XPD". */
export const grouped = (code: string) => (code.match(/.{1,4}/g) ?? []).join('-');

/** The number of the receipt of a checkout: made from its id (so an old checkout has one too), never from the id's own characters. */
export const receiptNumber = (checkout: string) => grouped(spell(createHash('sha256').update(checkout).digest(), 8));

/** The number of a later month's receipt of a monthly checkout: the first receipt's number and a group of its own. */
export const renewalNumber = (checkout: string, entry: string) =>
  `${receiptNumber(checkout)}-${spell(createHash('sha256').update(`${checkout}/${entry}`).digest(), 4)}`;
