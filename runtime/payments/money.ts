/**
 * Money as integers in a currency's minor units (cents, pence, yen). Amounts an author writes in
 * YAML (12.5, "12.50") and amounts a visitor types are read from their text, never through
 * floating-point arithmetic; only display divides, through Intl.NumberFormat.
 */
import { numberFormat } from '../render/intl.ts';

/** How many digits a currency has after the point (USD 2, JPY 0, KWD 3), as Intl knows it. */
export function minorDigits(currency: string): number {
  return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Whether Intl knows this ISO 4217 code. */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

export type ParsedAmount = { minor: number } | { problem: string };

/**
 * An amount typed as text ("12", "12.50", "$12.50", "1,250.00"), in minor units. Refuses what is
 * not a plain amount with a message that says what to write: "12,50" (a comma before the last
 * two digits, as some countries write it), more decimals than the currency has, a negative sign.
 */
export function parseAmount(text: string, currency: string): ParsedAmount {
  const digits = minorDigits(currency);
  const example = digits ? `12.${'5'.padEnd(digits, '0')}` : '12';
  const plain = text.trim().replace(/^[^\d\-.,]{1,3}\s*/, '');
  if (!plain) return { problem: 'Please enter an amount.' };
  if (plain.startsWith('-')) return { problem: 'The amount cannot be negative.' };
  if (/^\d+,\d{1,2}$/.test(plain)) return { problem: `Write the amount with a point before the cents, such as ${example}.` };
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(plain)) return { problem: `Write the amount as a number, such as ${example}.` };
  const [whole = '', fraction = ''] = plain.replace(/,/g, '').split('.');
  if (fraction.length > digits)
    return { problem: digits ? `The amount can have at most ${digits} digits after the point.` : 'The amount cannot have digits after the point.' };
  if (whole.replace(/^0+/, '').length > 12) return { problem: 'That amount is far too large.' };
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? { minor } : { problem: 'That amount is far too large.' };
}

/** An amount an author wrote in YAML (a number or a string), in minor units; undefined when it has more decimals than the currency. */
export function authoredAmount(value: number | string, currency: string): number | undefined {
  // A number's shortest text is what the author wrote (19.99, 12.5); one in exponent form is not an amount anyone writes.
  const text = typeof value === 'number' ? String(value) : value;
  const parsed = parseAmount(text, currency);
  return 'minor' in parsed ? parsed.minor : undefined;
}

/** A percentage of an amount, rounded half up to a whole minor unit, in integers (basis points). */
export function percentOf(minor: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((minor * basisPoints + 5000) / 10000);
}

/** An amount for people to read, in the site's language and currency: "$1,250.00", "£12.50". */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const digits = minorDigits(currency);
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minor % 10 ** digits === 0 && digits ? 0 : digits }).format(
    minor / 10 ** digits,
  );
}

/** The same amount with its minor digits always shown (receipts, the ledger export). */
export function formatMoneyExact(minor: number, currency: string, locale = 'en'): string {
  const digits = minorDigits(currency);
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits }).format(minor / 10 ** digits);
}
