/**
 * What JSON Schema cannot say about a shop's products, checked when the site loads: prices and fees
 * the currency can hold, each variant named once in its product, a weight on every variant of a
 * product whose delivery is charged by weight, and a delivery for every product but a gift card
 * (which has none). A block that names the collection reports them at
 * its "collection:" line, naming the product and the variant.
 */
import { authoredAmount } from '../../runtime/payments/money.ts';
import type { SiteData } from '../../schema/site.ts';
import type { ProductData } from '../../schema/items/product.ts';
import type { BlockIssue } from '../contract.ts';
import { numberFormat } from '../../runtime/render/intl.ts';

const digitsOf = (currency: string) => numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** The problems of the products of `collection` (none when it is not a product collection: that is reported where it is named). */
export function catalogueIssues(site: Partial<SiteData>, collection: string): BlockIssue[] {
  const found = site.collections?.[collection];
  if (!found || found.kind !== 'product' || !Array.isArray(found.items)) return [];
  const currency = typeof site.payments?.currency === 'string' ? site.payments.currency : undefined;
  const issues: BlockIssue[] = [];
  const at = (detail: string, fix: string, code: BlockIssue['code'] = 'SW_BAD_FORMAT') => issues.push({ path: ['collection'], code, detail, fix });
  for (const raw of found.items) {
    const product = raw as Partial<ProductData>;
    const name = typeof product.name === 'string' ? product.name : 'a product';
    const variants = Array.isArray(product.variants) ? product.variants : [];
    const amounts = [
      ...variants.map((v) => ({ what: `the price of "${v.label}"`, value: v.price })),
      ...(product.delivery ? [{ what: 'its delivery amount', value: product.delivery.amount }] : []),
    ];
    if (currency)
      for (const { what, value } of amounts)
        if (typeof value === 'number' && authoredAmount(value, currency) === undefined)
          at(
            `In "${collection}", ${what} in "${name}" is ${value}: more digits after the point than ${currency} has.`,
            `write it with at most ${digitsOf(currency)} digits after the point.`,
            'SW_AMOUNT',
          );
    const seen = new Set<string>();
    for (const v of variants) {
      if (seen.has(v.sku))
        at(
          `In "${collection}", "${name}" has two variants called "${v.sku}": each variant's stock is counted under its own sku.`,
          'give each variant of a product its own sku, such as small, medium and large.',
          'SW_NOT_UNIQUE',
        );
      seen.add(v.sku);
    }
    if (product.giftCard && product.delivery)
      at(
        `In "${collection}", "${name}" is a gift card, which is e-mailed, and also has a delivery fee that would never be charged.`,
        'remove "delivery:" from the gift card.',
        'SW_NOT_ALLOWED',
      );
    if (!product.giftCard && !product.delivery)
      at(
        `In "${collection}", "${name}" says neither how its delivery is charged nor that it is a gift card.`,
        'add "delivery:" with "charge: flat" and "amount:" (0 delivers it free), or "giftCard:" with a "codePrefix:" such as SPOKE if it is a gift card.',
        'SW_MISSING_KEY',
      );
    const charge = product.delivery?.charge;
    if (charge === 'per-pound' || charge === 'per-kilogram') {
      const unit = charge === 'per-pound' ? 'pounds' : 'kilograms';
      for (const v of variants.filter((x) => x.weight === undefined))
        at(
          `In "${collection}", "${name}" is delivered ${charge.replace('-', ' ')}, but its variant "${v.label}" gives no weight to charge for.`,
          `add "weight:" to the variant, in ${unit}, or charge a flat fee with "charge: flat".`,
          'SW_MISSING_KEY',
        );
    }
  }
  return issues;
}
