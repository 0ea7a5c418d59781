import { describe, expect, it } from 'vitest';
import type { Item } from '../../runtime/site.ts';
import { problemsOf, siteFrom, siteWithBlocks } from '../../tests/helpers/site.tsx';
import { findVariant, leftMessage, quantityOf } from '../kits/selling/catalogue.ts';
import { deliveryFee, deliversTo, shippingFee } from './delivery.ts';
import { businessMail, buyerMail, notKeptMail } from './emails.ts';
import { orderNumber, orderOfToken, orderToken, type Order } from './order.ts';
import { Signer } from '../../runtime/services/signing.ts';

const PRODUCTS = `collections:
  products:
    kind: product
    items:
      - name: Moving box kit
        description: Boxes.
        variants:
          - { sku: small, label: Small, price: 39, stock: 12, weight: 9 }
          - { sku: large, label: Large, price: 109.5, stock: 3, weight: 28.25 }
        delivery: { charge: per-pound, amount: 0.45 }
        maxPerOrder: 3
      - name: Lockbox
        description: A lockbox.
        variants:
          - { sku: wall, label: Wall-mounted, price: 29, stock: 2 }
        delivery: { charge: flat, amount: 5 }
`;
const yaml = (shop: string, products = PRODUCTS) =>
  siteWithBlocks(`- type: rich-text\n  markdown: Hello.`, `${products}payments:\n  currency: USD\n`).replace(
    'pages:\n',
    `pages:\n  - path: /payment-success\n    title: Thanks\n    blocks:\n      - type: receipt\n  - path: /cart\n    title: Cart\n    blocks:\n${shop.replace(/^/gm, '      ')}\n`,
  );
const SHOP = `- type: shop
  collection: products
  local:
    fee: 5
    postalCodes: ["45318"]`;
const site = siteFrom(yaml(SHOP));
const products = site.collections.get('products')?.items as Item<'product'>[];
const [kit, lockbox] = products as [Item<'product'>, Item<'product'>];
const line = (item: Item<'product'>, sku: string, quantity: number) => ({
  slug: item.slug,
  product: item.data,
  variant: item.data.variants.find((v) => v.sku === sku) as Item<'product'>['data']['variants'][number],
  quantity,
});

describe('quantities', () => {
  it('takes a whole number from 1 to the product’s limit, and refuses anything else with what to write', () => {
    expect(quantityOf('2', kit.data)).toEqual({ quantity: 2 });
    expect(quantityOf(' 3 ', kit.data)).toEqual({ quantity: 3 });
    expect(quantityOf('0', kit.data)).toEqual({ problem: 'The quantity must be at least 1. Enter a whole number from 1 to 3.' });
    expect(quantityOf('-1', kit.data)).toEqual({ problem: 'The quantity must be at least 1. Enter a whole number from 1 to 3.' });
    expect(quantityOf('1000000', kit.data)).toEqual({ problem: 'At most 3 of these fit in one order.' });
    expect(quantityOf('1e3', kit.data)).toEqual({ problem: 'Enter a whole number from 1 to 3.' });
    expect(quantityOf('2.5', kit.data)).toEqual({ problem: 'Enter a whole number from 1 to 3.' });
    expect(quantityOf('', kit.data)).toEqual({ problem: 'How many would you like? Enter a whole number from 1 to 3.' });
    expect(quantityOf(['1', '2'], kit.data)).toEqual({ problem: 'How many would you like? Enter a whole number from 1 to 3.' });
    expect(quantityOf('5', lockbox.data)).toEqual({ quantity: 5 });
    expect(quantityOf('11', lockbox.data)).toEqual({ problem: 'At most 10 of these fit in one order.' });
  });

  it('says what is left in words', () => {
    expect(leftMessage(0)).toBe('Sold out: we have none left of this one.');
    expect(leftMessage(2)).toBe('Only 2 left: please choose 2 or fewer.');
  });
});

describe('the catalogue', () => {
  it('finds a product by its slug and a variant by its sku, the only one when none is named', () => {
    expect(findVariant(site, 'products', 'moving-box-kit', 'large')).toMatchObject({ variant: { sku: 'large', price: 109.5 } });
    expect(findVariant(site, 'products', 'lockbox', '')).toMatchObject({ variant: { sku: 'wall' } });
    expect(findVariant(site, 'products', 'moving-box-kit', '')).toEqual({ refused: 'variant' });
    expect(findVariant(site, 'products', 'moving-box-kit', 'huge')).toEqual({ refused: 'variant' });
    expect(findVariant(site, 'products', 'piano', 'small')).toEqual({ refused: 'product' });
    expect(findVariant(site, 'nothing', 'lockbox', '')).toEqual({ refused: 'product' });
  });
});

describe('delivery fees', () => {
  it('adds up each product’s own shipping: by weight, rounded half up to a cent, or flat once whatever the quantity', () => {
    // 2 × 9 lb + 1 × 28.25 lb = 46.25 lb at $0.45 = $20.8125 → $20.81.
    expect(shippingFee(site, [line(kit, 'small', 2), line(kit, 'large', 1)])).toBe(2081);
    expect(shippingFee(site, [line(lockbox, 'wall', 2)])).toBe(500);
    expect(shippingFee(site, [line(kit, 'small', 1), line(lockbox, 'wall', 1)])).toBe(405 + 500);
    expect(shippingFee(site, [])).toBe(0);
  });

  it('charges local delivery once an order, only to the postal codes it names', () => {
    const lines = [line(kit, 'large', 3)];
    const props = { local: { fee: 5, postalCodes: ['45318'], label: 'Local delivery' } };
    expect(deliveryFee(site, props, 'local', lines, '45318')).toEqual({ fee: 500, label: 'Local delivery' });
    expect(deliveryFee(site, props, 'local', lines, '45318-2207')).toEqual({ fee: 500, label: 'Local delivery' });
    expect(deliveryFee(site, props, 'local', lines, '90210')).toEqual({
      problem: 'Local delivery only reaches postal codes 45318. Please choose Shipping instead.',
    });
    expect(deliveryFee(site, {}, 'local', lines, '45318')).toEqual({ problem: 'Please choose one of the delivery choices shown.' });
    expect(deliveryFee(site, {}, 'shipping', lines, '')).toEqual({ fee: 3814, label: 'Shipping' });
    expect(deliversTo({ fee: 0 }, 'anything')).toBe(true);
  });

  it('charges collecting in store its one fee (none unless given) with no postal code, and ships a gift card for nothing', () => {
    const lines = [line(kit, 'large', 3)];
    expect(deliveryFee(site, { collect: { fee: 0 } }, 'collect', lines, '')).toEqual({ fee: 0, label: 'Collect in store' });
    expect(deliveryFee(site, { collect: { fee: 2.5, label: 'Pick up' } }, 'collect', lines, '')).toEqual({ fee: 250, label: 'Pick up' });
    expect(deliveryFee(site, {}, 'collect', lines, '')).toEqual({ problem: 'Please choose one of the delivery choices shown.' });
    const card = { ...kit.data, giftCard: { codePrefix: 'MOVE' } };
    expect(shippingFee(site, [{ ...line(kit, 'large', 3), product: card }])).toBe(0);
  });
});

describe('a shop’s author errors', () => {
  it('points at the collection with the product and variant named: digits the currency lacks, a sku twice, a weight missing', () => {
    const bad = PRODUCTS.replace('price: 39,', 'price: 39.999,')
      .replace('sku: large,', 'sku: small,')
      .replace('price: 109.5, stock: 3, weight: 28.25', 'price: 109.5, stock: 3');
    const problems = problemsOf(yaml(SHOP, bad)).join('\n');
    expect(problems).toContain('SW_AMOUNT');
    expect(problems).toContain('In "products", the price of "Small" in "Moving box kit" is 39.999: more digits after the point than USD has.');
    expect(problems).toContain('SW_NOT_UNIQUE');
    expect(problems).toContain('"Moving box kit" has two variants called "small"');
    expect(problems).toContain('SW_MISSING_KEY');
    expect(problems).toContain('is delivered per pound, but its variant "Large" gives no weight to charge for.');
  });

  it('refuses a gift card with a delivery fee, a product with neither, and collecting in store with no place to collect from', () => {
    const gifts = `${PRODUCTS}      - name: Gift card
        description: A card.
        giftCard: { codePrefix: MOVE }
        variants:
          - { sku: "25", label: "$25", price: 25, stock: 100 }
`;
    expect(problemsOf(yaml(SHOP, gifts))).toEqual([]);
    const charged = problemsOf(
      yaml(
        SHOP,
        `${gifts}        delivery: { charge: flat, amount: 4 }
`,
      ),
    ).join('\n');
    expect(charged).toContain('SW_NOT_ALLOWED');
    expect(charged).toContain('In "products", "Gift card" is a gift card, which is e-mailed, and also has a delivery fee that would never be charged.');
    const bare = problemsOf(yaml(SHOP, gifts.replace('        giftCard: { codePrefix: MOVE }\n', ''))).join('\n');
    expect(bare).toContain('"Gift card" says neither how its delivery is charged nor that it is a gift card.');
    expect(problemsOf(yaml(SHOP, gifts.replace('codePrefix: MOVE', 'codePrefix: move'))).join('\n')).toContain('codePrefix');
    const collect = `${SHOP}\n  collect:\n    when: Weekdays after 2 pm`;
    const nowhere = problemsOf(yaml(collect)).join('\n');
    expect(nowhere).toContain('SW_MISSING_KEY');
    expect(nowhere).toContain('Orders can be collected in store, but neither the block nor the site says where.');
    expect(problemsOf(yaml(`${collect}\n    where: the back door of 4 Elm Street`))).toEqual([]);
    expect(problemsOf(yaml(`${collect}\n    fee: 1.005`)).join('\n')).toContain('SW_AMOUNT');
  });

  it('refuses a delivery charge it does not know, and a shop naming a collection of another kind', () => {
    expect(problemsOf(yaml(SHOP, PRODUCTS.replace('charge: flat', 'charge: by-van'))).join('\n')).toContain('by-van');
    expect(problemsOf(yaml(SHOP.replace('collection: products', 'collection: areas'))).join('\n')).toContain('There is no collection called "areas"');
  });
});

const order: Order = {
  order: '7f3a09c2aa11bb22cc33dd44',
  collection: 'products',
  lines: [
    { key: 'products/moving-box-kit/small', product: 'moving-box-kit', sku: 'small', name: 'Moving box kit: Small', quantity: 2, unit: 3900, total: 7800 },
    { key: 'products/lockbox/wall', product: 'lockbox', sku: 'wall', name: 'Lockbox', quantity: 1, unit: 2900, total: 2900 },
  ],
  delivery: { method: 'local', label: 'Local delivery', fee: 500 },
  subtotal: 10700,
  total: 11200,
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(555) 555-0190',
  address: { street: '418 Ferris Street', town: 'Larkfield', region: 'OH', postalCode: '45318' },
};

describe('the order e-mails', () => {
  const link = 'https://sites.example.com/example/cart?order=abc';
  it('tells the business what to pack, where it goes and what is left', () => {
    const mail = businessMail(site, order, link, [
      { name: 'Moving box kit: Small', left: 10 },
      { name: 'Lockbox', left: 0 },
    ]);
    expect(mail.subject).toBe(`New order ${orderNumber(order.order)}: 3 items, $112.00`);
    expect(mail.text).toContain('Dana Whitfield (dana@example.com) paid for an order on the Maple Falls Dental website.');
    expect(mail.text).toContain('  Moving box kit: Small × 2: $78.00\n  Lockbox: $29.00');
    expect(mail.text).toContain('  Local delivery: $5.00\n  Total: $112.00');
    expect(mail.text).toContain('Local delivery to:\n  Dana Whitfield\n  418 Ferris Street\n  Larkfield, OH 45318\n  Phone: (555) 555-0190');
    expect(mail.text).toContain('  Lockbox: sold out');
    expect(mail.text).toContain(`The order online: ${link}`);
  });

  it('confirms to the buyer with the link to their order, and says so when a paid order could not be kept', () => {
    const mail = buyerMail(site, order, link);
    expect(mail.subject).toBe(`Your order from Maple Falls Dental: ${orderNumber(order.order)}`);
    expect(mail.text).toContain('We have your payment and are getting it ready. Delivery: Local delivery.');
    expect(mail.text).toContain(`See your order at any time: ${link}`);
    expect(mail.text).toContain('Questions? Reply to this e-mail or call us on 555-0142.');
    // The delivery's label is quoted as the author wrote it: place names keep their capitals.
    const local = buyerMail(site, { ...order, delivery: { ...order.delivery, label: 'Local delivery in Brannock and Tessaly counties' } }, link);
    expect(local.text).toContain('Delivery: Local delivery in Brannock and Tessaly counties.');
    expect(local.text).not.toContain('brannock');
    const sorry = notKeptMail(site, order, link);
    expect(sorry.subject).toBe('Your order from Maple Falls Dental could not be kept');
    expect(sorry.text).toContain('Your payment of $112.00 has been refunded in full');
  });

  it('numbers an order by its id, and reads back only a link this server signed for this site', () => {
    const signer = new Signer(Buffer.alloc(32, 7));
    // Letters and digits that cannot be mistaken for one another, in groups of four, whatever the id.
    expect(orderNumber(order.order)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(orderNumber(order.order)).toBe(orderNumber(order.order));
    const token = orderToken(signer, 'example', order.order);
    expect(orderOfToken(signer, 'example', token)).toBe(order.order);
    expect(orderOfToken(signer, 'other', token)).toBeUndefined();
    expect(orderOfToken(signer, 'example', `${token}x`)).toBeUndefined();
    expect(orderOfToken(signer, 'example', signer.sign('order:example:../../etc'))).toBeUndefined();
  });
});
