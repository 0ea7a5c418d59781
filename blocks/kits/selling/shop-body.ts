/**
 * What a post to a shop may carry, for every block that posts to one (the shop's cart and checkout,
 * a product page's "Add to cart"): which change it is, the cart's fields, the checkout's; never a price.
 */

/** The changes a post to the shop makes. */
const ACTIONS = ['add', 'change', 'remove', 'checkout'] as const;
export type ShopAction = (typeof ACTIONS)[number];

/** The fields of the checkout form, and the longest each may be (the gift fields: whom a cart's gift cards are for). */
export const CHECKOUT_FIELDS = {
  method: 20,
  name: 80,
  email: 254,
  phone: 30,
  street: 120,
  town: 60,
  region: 40,
  postalCode: 10,
  giftName: 80,
  giftEmail: 254,
  giftMessage: 300,
} as const;

/** The fields of every post to the shop: which change it is, the cart's, the checkout's; never a price. */
export const shopBody = () => ({
  type: 'object',
  properties: {
    _shop: { enum: [...ACTIONS] },
    _t: { type: 'string', maxLength: 200 },
    _hp: { type: 'string', maxLength: 200 },
    product: { type: 'string', maxLength: 80 },
    variant: { type: 'string', maxLength: 80 },
    quantity: { type: 'string', maxLength: 12 },
    line: { type: 'string', maxLength: 20 },
    ...Object.fromEntries(Object.entries(CHECKOUT_FIELDS).map(([field, most]) => [field, { type: 'string', maxLength: most * 4 }])),
  },
  required: ['_shop'],
  additionalProperties: false,
});
