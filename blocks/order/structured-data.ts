/**
 * The order page's menu for machines: a schema.org Menu of MenuSections of MenuItems, each with
 * its offer (price, currency, in stock or sold out) and diets, and its options as add-ons.
 */
import type { Menu, MenuItem, MenuSection, RestrictedDiet } from 'schema-dts';
import { minorDigits } from '../../runtime/payments/money.ts';
import type { Site } from '../../runtime/site.ts';
import type { Dietary } from '../kits/menu/dietary.tsx';
import { currencyOf } from '../money.tsx';
import { offerOf } from './offer.ts';
import type { OrderProps } from './schema.ts';

const DIETS: Partial<Record<Dietary, RestrictedDiet>> = {
  vegetarian: 'https://schema.org/VegetarianDiet',
  vegan: 'https://schema.org/VeganDiet',
  'gluten-free': 'https://schema.org/GlutenFreeDiet',
};

/** An amount in minor units as schema.org writes a price: "9.00". */
const priceText = (minor: number, currency: string) => {
  const digits = minorDigits(currency);
  return digits ? `${Math.trunc(minor / 10 ** digits)}.${String(Math.abs(minor) % 10 ** digits).padStart(digits, '0')}` : String(minor);
};

export function orderStructuredData(props: OrderProps, site: Site): Menu[] {
  const currency = currencyOf(site);
  const sections = offerOf(site, props).sections.map((section): MenuSection => ({
    '@type': 'MenuSection',
    name: section.name,
    ...(section.description ? { description: section.description } : {}),
    hasMenuItem: section.entries
      .filter((e) => e.orderable)
      .map((entry): MenuItem => {
        const diets = (entry.dish.dietary ?? []).flatMap((d) => (DIETS[d] ? [DIETS[d]] : []));
        return {
          '@type': 'MenuItem',
          name: entry.dish.name,
          ...(entry.dish.description ? { description: entry.dish.description } : {}),
          offers: {
            '@type': 'Offer',
            price: priceText(entry.item.price ?? 0, currency),
            priceCurrency: currency,
            availability: entry.dish.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          },
          ...(diets.length ? { suitableForDiet: diets } : {}),
          ...(entry.item.groups.length
            ? {
                menuAddOn: entry.item.groups.map((group): MenuSection => ({
                  '@type': 'MenuSection',
                  name: group.name,
                  hasMenuItem: group.choices.map((choice): MenuItem => ({
                    '@type': 'MenuItem',
                    name: choice.name,
                    // What it adds to the dish; a choice that takes something off has no price of its own.
                    ...(choice.delta >= 0 ? { offers: { '@type': 'Offer', price: priceText(choice.delta, currency), priceCurrency: currency } } : {}),
                  })),
                })),
              }
            : {}),
        };
      }),
  }));
  return [{ '@type': 'Menu', name: `${site.data.site.name}: ${props.heading}`, hasMenuSection: sections.filter((s) => (s.hasMenuItem as MenuItem[]).length) }];
}
