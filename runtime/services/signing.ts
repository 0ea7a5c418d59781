import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether a text given in a request is the secret expected, compared in constant time (a CSRF token). */
export function sameSecret(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How the time-trap tells the time; tests give a clock they move themselves instead of waiting. */
export interface SignerOptions {
  /** The current time in milliseconds (default Date.now). */
  now?: () => number;
  /** A form sent sooner than this after it was shown is a robot's (default 2,500 ms). */
  minMs?: number;
  /** A form shown longer ago than this has expired (default a day). */
  maxMs?: number;
}

export const MIN_FORM_MS = 2500;
const MAX_FORM_MS = 24 * 3600_000;

/**
 * HMAC signatures for values that travel through visitors' browsers and come back (a form's
 * time stamp). Verification compares in constant time.
 */
export class Signer {
  private readonly now: () => number;
  private readonly minMs: number;
  private readonly maxMs: number;

  constructor(
    private readonly secret: Buffer,
    options: SignerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.minMs = options.minMs ?? MIN_FORM_MS;
    this.maxMs = options.maxMs ?? MAX_FORM_MS;
  }

  private mac(value: string): Buffer {
    return createHmac('sha256', this.secret).update(value).digest();
  }

  sign(value: string): string {
    return `${value}.${this.mac(value).toString('base64url')}`;
  }

  /** The value, when the signature is this server's; otherwise undefined. */
  verify(token: string): string | undefined {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const value = token.slice(0, dot);
    let given: Buffer;
    try {
      given = Buffer.from(token.slice(dot + 1), 'base64url');
    } catch {
      return undefined;
    }
    const expected = this.mac(value);
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
  }

  /** A token saying when a form was shown. */
  timeToken(now = this.now()): string {
    return this.sign(`t${now}`);
  }

  private stamp = { second: Number.NaN, token: '' };

  /**
   * The time stamp of a form shown now, to the whole second and the same for every visitor within
   * it: a page's bytes with it filled in are then made (and compressed) once a second, not once a
   * visitor. A stamp up to a second early only makes a form look a second older.
   */
  secondToken(): string {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.stamp.second) this.stamp = { second, token: this.timeToken(second * 1000) };
    return this.stamp.token;
  }

  /**
   * A token for a page exported as a static file: it cannot say when one visitor saw the form,
   * only that this server's key made it (the trap field and the rate limits still apply).
   */
  staticToken(now = this.now()): string {
    return this.sign(`s${now}`);
  }

  /** When a form with this time stamp was shown (epoch ms), if this server signed it; undefined otherwise, and for a static page's stamp, which cannot say. */
  shownAt(token: unknown): number | undefined {
    const value = typeof token === 'string' ? this.verify(token) : undefined;
    const at = value?.startsWith('t') ? Number(value.slice(1)) : Number.NaN;
    return Number.isFinite(at) ? at : undefined;
  }

  /** Was the form shown by us, long enough ago for a person to fill it in, and not too long ago? */
  checkTimeToken(token: unknown, now = this.now(), minMs = this.minMs, maxMs = this.maxMs): 'ok' | 'too-fast' | 'invalid' | 'expired' {
    const value = typeof token === 'string' ? this.verify(token) : undefined;
    if (value?.startsWith('s')) return now - Number(value.slice(1)) < 400 * 86_400_000 ? 'ok' : 'expired';
    if (!value?.startsWith('t')) return 'invalid';
    const age = now - Number(value.slice(1));
    if (!Number.isFinite(age) || age < 0) return 'invalid';
    if (age < minMs) return 'too-fast';
    return age > maxMs ? 'expired' : 'ok';
  }
}

/** The signing secret: SITEWRIGHT_SECRET, else one made once and kept in the data folder. */
export async function loadSigner(dataDir: string, options: SignerOptions = {}): Promise<Signer> {
  if (process.env.SITEWRIGHT_SECRET) return new Signer(Buffer.from(process.env.SITEWRIGHT_SECRET), options);
  const file = join(dataDir, '.secret');
  let secret = await readFile(file).catch(() => undefined);
  if (!secret || secret.length < 32) {
    secret = randomBytes(32);
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, secret, { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return new Signer(secret, options);
}
