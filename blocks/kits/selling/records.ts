/**
 * What selling keeps besides orders, which live on the append-only ledger: the carts visitors
 * fill (see cart.ts; the shop, product and order blocks all list this one declaration) and the
 * units of stock held for orders being paid and sold (see stock.ts). Neither holds anything of a person.
 */
import type { RecordDeclaration } from '../../contract.ts';

export const carts: RecordDeclaration = {
  kind: 'carts',
  description: 'What a visitor is choosing, under their cart cookie’s id: item and option ids and quantities, kept a week.',
  personal: false,
  example: () => ({
    cart: 'p3Xv9QmT2bLw8KcZ4nYr1A',
    scope: 'shop-products',
    lines: [{ id: 'a1B2c3D4', item: 'linen-apron/natural', options: [], quantity: 2 }],
  }),
};

export const stock: RecordDeclaration = {
  kind: 'stock',
  description: 'Units of a variant held for an order being paid, then sold: the variant, how many, and the order’s id.',
  personal: false,
  example: () => ({
    stock: 'products/linen-apron/natural',
    places: 2,
    stockAtHold: 12,
    order: '4f1c9a7e2b3d5c6e8a0b1d2f',
    status: 'held',
    expiresAt: '2026-06-15T12:10:00.000Z',
  }),
};
