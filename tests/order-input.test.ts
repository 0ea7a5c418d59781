/**
 * Bad input to The Olive Tree's order page over HTTP, from a form post and from the island (JSON):
 * every kind refused beside its field with a 4xx and nothing stored, a robot's post placing nothing,
 * and generated posts never failing the server.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf } from './helpers/money.ts';
import { NOW, openOliveTree, OrderGuest, PAGE, place, type OliveTree } from './helpers/olive-tree.ts';

let app: OliveTree['app'];
let services: OliveTree['services'];

beforeAll(async () => {
  ({ app, services } = await openOliveTree(() => NOW));
});
afterAll(() => app.close());

/** A guest at this file's restaurant. */
class Guest extends OrderGuest {
  constructor() {
    super(() => ({ app, services }));
  }
}

const tenant = () => services.store.tenant('olivetree');
const orders = async () => (await tenant()).list('orders');
const carts = async () => (await tenant()).list('carts');

/** Bad posts to the cart, each with the status and message it must get, and where the message must be shown; `line` is a line of the cart. */
function badCartPosts(line: string): [string, Record<string, string | string[]>, number, string, RegExp?][] {
  return [
    ['quantity 0', { do: 'add', item: 'hummus', quantity: '0' }, 422, 'Please choose a quantity from 1 to 20.', /id="order-dish-hummus-quantity-error"/],
    ['quantity -1', { do: 'add', item: 'hummus', quantity: '-1' }, 422, 'Please choose a quantity from 1 to 20.', /id="order-dish-hummus-quantity-error"/],
    ['quantity 10^6', { do: 'add', item: 'hummus', quantity: '1000000' }, 422, 'Please choose a quantity from 1 to 20.', /aria-invalid="true"/],
    ['quantity in words', { do: 'add', item: 'hummus', quantity: 'two' }, 422, 'Please choose a quantity from 1 to 20.'],
    ['a dish not on the menu', { do: 'add', item: 'pizza', quantity: '1' }, 422, 'That dish is not on our menu.'],
    ['a dish of the drinks menu', { do: 'add', item: 'greek-lager', quantity: '1' }, 422, 'That dish is not on our menu.'],
    [
      'an option the dish does not have',
      { do: 'add', item: 'hummus', quantity: '1', 'option-toppings': 'truffle' },
      422,
      'That is not one of the choices of toppings for Hummus with warm pita.',
      /id="order-dish-hummus-option-toppings-error"/,
    ],
    [
      'an option group the dish does not have',
      { do: 'add', item: 'falafel', quantity: '1', 'option-sauce': 'garlic' },
      422,
      'That is not one of the choices for Falafel.',
    ],
    [
      'too many choices',
      { do: 'add', item: 'hummus', quantity: '1', 'option-toppings': ['spiced-lamb', 'extra-pita', 'whole-chickpeas-and-chili-oil'] },
      422,
      'Please choose at most 2 for toppings.',
    ],
    [
      'two choices of a pick-one group',
      { do: 'add', item: 'lamb-kofta', quantity: '1', 'option-side': ['rice-pilaf', 'lemon-potatoes'] },
      422,
      'Please choose one side for Lamb kofta.',
    ],
    [
      'a required choice left out',
      { do: 'add', item: 'lamb-kofta', quantity: '1' },
      422,
      'Please choose the side of your Lamb kofta.',
      /id="order-dish-lamb-kofta-option-side-error"/,
    ],
    ['a sold-out dish', { do: 'add', item: 'grilled-octopus', quantity: '1', 'option-side': 'rice-pilaf' }, 409, 'Grilled octopus is sold out today.'],
    ['a price sent with an add', { do: 'add', item: 'hummus', quantity: '1', price: '0.01' }, 400, 'The form could not be read.'],
    [
      'a total sent with an order',
      { do: 'place', slot: '2027-06-15T18:00', name: 'A', email: 'a@example.com', total: '1' },
      400,
      'The form could not be read.',
    ],
    ['a field sent twice', { do: 'add', item: ['hummus', 'falafel'], quantity: '1' }, 400, 'The form could not be read.'],
    ['an unknown action', { do: 'refund', item: 'hummus' }, 400, 'The form could not be read.'],
    [
      'a change to 10^6',
      { do: 'change', line, quantity: '1000000' },
      422,
      'Please choose a quantity from 0 (to remove it) to 20.',
      /id="order-line-[^"]+-quantity-error"/,
    ],
    ['a change to -1', { do: 'change', line, quantity: '-1' }, 422, 'Please choose a quantity from 0 (to remove it) to 20.'],
    ['a change to a line not in the cart', { do: 'change', line: 'AAAAAAAA', quantity: '2' }, 409, 'That dish is no longer in your order'],
  ];
}

describe('bad input', () => {
  it('is refused beside its field with a 4xx, stores nothing and never fails', async () => {
    const guest = new Guest();
    await guest.add('falafel', '1');
    const line = ((await carts()).find((c) => guest.cookie.includes(String(c.cart)))?.lines as { id: string }[])[0]?.id ?? '';
    const before = { orders: (await orders()).length, carts: JSON.stringify(await carts()) };

    const cases = badCartPosts(line);
    for (const [what, fields, status, message, beside] of cases) {
      const answer = await guest.post(fields);
      expect(answer.statusCode, what).toBe(status);
      expect(answer.body, what).toContain(message);
      if (beside) expect(answer.body, what).toMatch(beside);
      const json = await guest.post(fields, true);
      expect(json.statusCode, `${what} (JSON)`).toBe(status);
      expect(JSON.stringify(json.json()), `${what} (JSON)`).toContain(message);
    }

    const good = {
      do: 'place',
      fulfilment: 'pickup',
      slot: '2027-06-15T18:30',
      name: 'Robin Ames',
      email: 'robin@example.com',
      payment: 'at-pickup',
    };
    const empty = new Guest();
    const orderCases: [string, Guest, Record<string, string>, number, string, string][] = [
      ['an empty cart', empty, {}, 422, 'Your order is empty: please add a dish from the menu first.', 'order-checkout-cart'],
      ['below the minimum', guest, {}, 422, 'The minimum order is $15: please add $5 more.', 'order-checkout-cart'],
      ['a time in the past', guest, { slot: '2027-06-14T18:00' }, 422, 'That time cannot be chosen: that time has passed.', 'order-checkout-slot-error'],
      ['a time before opening', guest, { slot: '2027-06-15T16:45' }, 422, 'That time cannot be chosen: we are not open then.', 'order-checkout-slot-error'],
      ['a time after closing', guest, { slot: '2027-06-15T22:00' }, 422, 'That time cannot be chosen: we are not open then.', 'order-checkout-slot-error'],
      [
        'a time too far ahead',
        guest,
        { slot: '2027-06-22T18:00' },
        422,
        'That time cannot be chosen: we do not take orders that far ahead yet.',
        'order-checkout-slot-error',
      ],
      [
        'a time that is not one',
        guest,
        { slot: 'tonight' },
        422,
        'That time cannot be chosen: it is not one of the times on this page.',
        'order-checkout-slot-error',
      ],
      ['no time', guest, { slot: '' }, 422, 'Please choose a pickup time.', 'order-checkout-slot-error'],
      ['no name', guest, { name: '' }, 422, 'Please enter the name for the order.', 'order-checkout-name-error'],
      ['a broken e-mail address', guest, { email: 'robin@' }, 422, 'Please enter an e-mail address such as name@example.com.', 'order-checkout-email-error'],
      [
        'a ZIP code not delivered to',
        guest,
        { fulfilment: 'delivery', postcode: '90210', address: '1 Main St', payment: 'online' },
        422,
        'We do not deliver to 90210',
        'order-checkout-postcode-error',
      ],
      ['a way to pay not offered', guest, { payment: 'cash-on-the-moon' }, 422, 'Please choose how to pay.', 'order-checkout-payment'],
      ['a note too long', guest, { note: 'x'.repeat(501) }, 422, 'Please keep the note to 500 characters.', 'order-checkout-note-error'],
    ];
    for (const [what, who, change, status, message, field] of orderCases) {
      const answer = await place(who, { ...good, ...change });
      expect(answer.statusCode, what).toBe(status);
      expect(answer.body, what).toContain(message);
      expect(answer.body, what).toContain(`id="${field}"`);
    }
    expect((await orders()).length).toBe(before.orders);
    expect(JSON.stringify(await carts())).toBe(before.carts);
    expect((await ledgerOf(services.store, 'olivetree')).filter((e) => e.email === 'robin@example.com')).toEqual([]);
  });

  it('refuses a post with no time stamp or a filled trap quietly, as a robot’s, and places nothing', async () => {
    const guest = new Guest();
    await guest.add('moussaka');
    const before = (await orders()).length;
    const trapped = await place(guest, { payment: 'at-pickup', _hp: 'http://spam.example.com' });
    expect(trapped.statusCode).toBe(303);
    expect(trapped.headers.location).toBe(PAGE);
    expect((await orders()).length).toBe(before);
  });

  it('answers 300 generated posts below 500, whatever their fields', async () => {
    const guest = new Guest();
    await guest.add('falafel');
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', '0', '-1', '1e309', 'NaN', '1000000', 'hummus', 'add', 'place', '<script>', '\u0000'),
    );
    const field = fc.constantFrom(
      'do',
      'item',
      'quantity',
      'line',
      'option-toppings',
      'option-side',
      'option-__proto__',
      'slot',
      'payment',
      'fulfilment',
      'price',
      '__proto__',
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(field, fc.oneof(value, fc.array(value, { maxLength: 3 })), { maxKeys: 8 }), fc.boolean(), async (fields, json) => {
        const answer = await guest.post(fields, json);
        expect(answer.statusCode, JSON.stringify(fields)).toBeLessThan(500);
      }),
      { numRuns: 300, seed: 20270615 },
    );
  });
});
