/**
 * Certificate codes: a site's prefix and eight characters drawn at random from an alphabet
 * without look-alikes (no 0/O, 1/I/L), grouped in fours to be read aloud over the phone:
 * GOLF-7KQ4-M2XD. 31^8, about 850 billion codes per prefix: a code cannot be guessed, and posts
 * that try are limited per visitor.
 */
import { randomInt } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const RANDOM_LENGTH = 8;

export function newCode(prefix: string): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${prefix}-${random.slice(0, 4)}-${random.slice(4)}`;
}

/**
 * A code as a person typed it (any case, with or without dashes or spaces) in its printed form,
 * or undefined when it cannot be one.
 */
export function codeFromTyped(typed: unknown): string | undefined {
  if (typeof typed !== 'string' || typed.length > 60) return undefined;
  const plain = typed.toUpperCase().replace(/[\s\-‐‑–—]/g, '');
  const match = /^([A-Z]{2,6})([2-9A-Z]{8})$/.exec(plain);
  if (!match) return undefined;
  const [, prefix = '', random = ''] = match;
  if ([...random].some((c) => !CODE_ALPHABET.includes(c))) return undefined;
  return `${prefix}-${random.slice(0, 4)}-${random.slice(4)}`;
}
