/**
 * A product a shop sells: its variants with their own prices and stock, and how its delivery is
 * charged; or a gift card, whose variants are the amounts it is sold for and which is e-mailed
 * with a code for each one bought.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ItemAvailability, Offer, Product } from 'schema-dts';
import { Enum, Image, Markdown, Slug, Text } from '../common.ts';
import { itemObject, slug, summary } from './fields.ts';
import { defineKind } from './kind.ts';

const description = 'A product sold online, with its variants, their prices and stock, and its delivery fee.';

/** An amount an author writes, in the site's currency (its digits are checked against the currency by the shop's blocks). */
const Amount = (text: string, minimum: 'positive' | 'zero') =>
  Type.Number({
    ...(minimum === 'positive' ? { exclusiveMinimum: 0 } : { minimum: 0 }),
    maximum: 1_000_000,
    description: `${text} In the site's currency, such as 24 or 12.50.`,
  });

export const productVariant = Type.Object(
  {
    sku: Slug(
      'A short name for this variant, unique within the product, such as "small". Its stock is counted under it: do not change it once orders have been taken.',
    ),
    label: Text('The variant as buyers see it, such as "Small: 10 boxes".', { maxLength: 60 }),
    price: Amount('The price of one.', 'positive'),
    stock: Type.Integer({
      minimum: 0,
      maximum: 100_000,
      description:
        'How many can be sold online in all. Every order counts against it while it is being paid and once it is paid; when more arrive, add them to this number. 0 shows the variant as sold out.',
    }),
    weight: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1000,
        description:
          "The weight of one, packed, in the unit of the product's delivery charge: pounds for per-pound, kilograms for per-kilogram (needed for those).",
      }),
    ),
  },
  { additionalProperties: false, description: 'One way the product is sold (a size, a pack), with its own price and stock.' },
);

export const DELIVERY_CHARGES = ['flat', 'per-pound', 'per-kilogram'] as const;

export const productDelivery = Type.Object(
  {
    charge: Enum(
      DELIVERY_CHARGES,
      'How the delivery fee is worked out: "flat" is one fee for this product in an order whatever the quantity; "per-pound" and "per-kilogram" charge the amount for each pound or kilogram its variants weigh (each variant gives its "weight").',
    ),
    amount: Amount('The flat fee, or the fee per pound or kilogram. 0 delivers it free.', 'zero'),
  },
  {
    additionalProperties: false,
    description: 'How its delivery fee is worked out, such as "charge: flat" and "amount: 6.50". Every product but a gift card has one.',
  },
);

export const productGiftCard = Type.Object(
  {
    codePrefix: Type.String({
      pattern: '^[A-Z]{2,6}$',
      title: 'two to six capital letters',
      examples: ['SPOKE'],
      description: 'The letters every code begins with, such as SPOKE for codes like SPOKE-7KQ4-M2XD: two to six capital letters.',
    }),
    validMonths: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 240,
        description:
          'For how many months from the day it is bought a card can be used, printed on it. Leave it out for no end date. In the United States a gift card sold for money must stay valid for at least five years (60).',
      }),
    ),
    redeem: Type.Optional(
      Text('How to use the card, printed on it and in its e-mail, such as "Give the code at the counter, or enter it when you book a service".', {
        maxLength: 300,
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "Makes the product a gift card: each one bought is a code worth its variant's price, e-mailed with a printable PDF once paid, on the same balance as the gift-certificate block's certificates.",
  },
);

const item = itemObject(description, {
  slug,
  name: Text('The name of the product, such as "Moving box kit".', { maxLength: 80 }),
  category: Type.Optional(Text('A category, so lists can show one kind of product and pages can be grouped.')),
  summary,
  description: Markdown('What it is, what comes in it and who it is for.'),
  images: Type.Optional(Type.Array(Image, { maxItems: 8, description: 'Pictures of the product, the first one shown in lists.' })),
  variants: Type.Array(productVariant, {
    minItems: 1,
    maxItems: 20,
    description:
      'The ways it is sold, each with its price and stock: one for a product without sizes. For a gift card, the amounts it is sold for: a card is worth its price.',
  }),
  delivery: Type.Optional(productDelivery),
  giftCard: Type.Optional(productGiftCard),
  maxPerOrder: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 20, description: 'The most of one variant a single order can hold, up to 20 (10 when left out).' }),
  ),
});

export type ProductData = Static<typeof item>;
export type ProductVariant = Static<typeof productVariant>;
export type ProductGiftCard = Static<typeof productGiftCard>;

export const DEFAULT_MAX_PER_ORDER = 10;

export const product = defineKind(item, {
  name: 'product',
  description,
  slugFrom: ['name'],
  groupable: ['category'],
  placeholders: ['name', 'category', 'summary'],
  title: (d) => d.name,
  summary: (d) => d.summary,
  text: (d) => d.description,
  date: () => undefined,
  // Its schema.org Product is made by the product block (productNode below): an Offer needs the site's currency.
  blocks: { detail: { type: 'product' }, group: { type: 'product-list' } },
});

/** What a Product node needs besides the item: the site's currency, names and addresses, and what is left of each variant. */
export interface ProductNodeContext {
  currency: string;
  /** The seller, as schema.org points at it. */
  seller: string;
  /** An image's address. */
  media: (image: Static<typeof Image>) => string;
  /** Whether a variant can be bought now (its stock not all taken). */
  inStock: (variant: ProductVariant) => boolean;
}

const availability = (yes: boolean): ItemAvailability => (yes ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');

/** The schema.org Product of a product's page: one Offer per variant, with its price as written, the currency and whether it is in stock. */
export function productNode(d: ProductData, ctx: ProductNodeContext): Product {
  const offers: Offer[] = d.variants.map((v) => ({
    '@type': 'Offer',
    name: v.label,
    sku: v.sku,
    price: v.price,
    priceCurrency: ctx.currency,
    availability: availability(ctx.inStock(v)),
    seller: { '@type': 'Organization', name: ctx.seller },
  }));
  return {
    '@type': 'Product',
    name: d.name,
    description: d.summary,
    category: d.category,
    image: d.images?.length ? d.images.map(ctx.media) : undefined,
    brand: { '@type': 'Brand', name: ctx.seller },
    offers,
  };
}
