/** Pay as a job posting writes it, read as a schema.org MonetaryAmount. */
import type { MonetaryAmount } from 'schema-dts';

const AMOUNT = String.raw`(\d+(?:,\d{3})*(?:\.\d{1,2})?)`;
const SALARY = new RegExp(String.raw`^([$£€])${AMOUNT}(?:\s*(?:–|-|to)\s*\1?${AMOUNT})?\s+(?:an?|per)\s+(hour|day|week|month|year)\b`);
const DOLLARS: Record<string, string> = { US: 'USD', CA: 'CAD', AU: 'AUD', NZ: 'NZD' };

/**
 * Pay written the usual way ("$26–34 an hour", "$68,000 to $88,000 a year, depending on...") as
 * a MonetaryAmount; anything else, or a currency the site's country does not settle, gives nothing.
 */
export function parseSalary(text: string, country: string): MonetaryAmount | undefined {
  const m = SALARY.exec(text.trim());
  if (!m) return undefined;
  const [, sign, low, high, unit] = m as unknown as [string, string, string, string | undefined, string];
  const currency = sign === '£' ? 'GBP' : sign === '€' ? 'EUR' : DOLLARS[country];
  const [min, max] = [low, high ?? low].map((n) => Number(n.replace(/,/g, ''))) as [number, number];
  if (!currency || !(min > 0) || max < min) return undefined;
  const unitText = unit.toUpperCase();
  const value =
    min === max
      ? { '@type': 'QuantitativeValue' as const, value: min, unitText }
      : { '@type': 'QuantitativeValue' as const, minValue: min, maxValue: max, unitText };
  return { '@type': 'MonetaryAmount', currency, value };
}
