import { describe, expect, it } from 'vitest';
import { pageHtml, problemsOf, siteFrom } from '../../tests/helpers/site.tsx';
import { restaurantYaml } from '../../tests/fixtures/order/restaurant.ts';
import { kitchenTimetable, startsBetween } from './kitchen.ts';
import { offerOf, type OrderRecord } from './offer.ts';
import type { OrderProps } from './schema.ts';
import { confirmationText, ticketText } from './ticket.ts';

const site = () => siteFrom(restaurantYaml());
const orderProps = (s = site()) => s.data.pages.find((p) => p.path === '/order')?.blocks?.[0] as unknown as OrderProps;

const ORDER: OrderRecord = {
  id: 'a1b2c3d4-0000-4000-8000-000000000000',
  createdAt: '2027-06-15T17:00:00.000Z',
  scope: 'order:/menu',
  number: '7F3A2C',
  status: 'paid',
  slotId: '2027-06-15T18:30',
  startUtc: '2027-06-16T01:30:00.000Z',
  fulfilment: 'pickup',
  payment: 'online',
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(555) 555-0199',
  note: 'No onions on the kofta, please: it is for my daughter, who will not eat anything with onions in it.',
  lines: [
    { item: 'hummus', name: 'Hummus', options: ['Toppings: Spiced lamb'], quantity: 2, unit: 1500, total: 3000 },
    { item: 'lamb-kofta', name: 'Lamb kofta with a very long name for the ticket', options: ['Side: Rice'], quantity: 1, unit: 2700, total: 2700 },
  ],
  subtotal: 5700,
  fee: 0,
  total: 5700,
  currency: 'USD',
};

describe('the kitchen’s times', () => {
  it('are every slot from opening until one slot before closing; hours past midnight end at midnight', () => {
    expect(startsBetween('17:00', '18:00', 15)).toEqual(['17:00', '17:15', '17:30', '17:45']);
    expect(startsBetween('17:00', '17:10', 15)).toEqual([]);
    expect(startsBetween('23:00', '01:00', 30)).toEqual(['23:00', '23:30']);
  });

  it('come from the site’s hours, in the block’s zone, with its lead time, days ahead and closed days', () => {
    const props = { ...orderProps(), closed: ['2027-12-25'] };
    expect(kitchenTimetable(site().data.site.hours, props)).toEqual({
      timeZone: 'America/Los_Angeles',
      weekly: [{ days: ['tuesday', 'wednesday'], starts: ['17:00', '17:15', '17:30', '17:45'] }],
      durationMinutes: 15,
      leadMinutes: 30,
      horizonDays: 0,
      closed: ['2027-12-25'],
    });
  });
});

describe('what the order page offers', () => {
  it('is the menu page’s dishes by id, prices read from their text, options with their differences', () => {
    const s = site();
    const { catalogue } = offerOf(s, orderProps(s));
    expect([...catalogue.keys()]).toEqual(['hummus', 'olives', 'lamb-kofta']);
    expect(catalogue.get('hummus')).toEqual({
      id: 'hummus',
      name: 'Hummus',
      price: 900,
      groups: [
        {
          id: 'toppings',
          name: 'Toppings',
          pick: 'any',
          required: false,
          max: 2,
          choices: [
            { id: 'spiced-lamb', name: 'Spiced lamb', delta: 600 },
            { id: 'extra-pita', name: 'Extra pita', delta: 300 },
          ],
        },
      ],
    });
    expect(catalogue.get('olives')).toMatchObject({ soldOut: true });
  });

  it('renders a form per dish, the empty order and the form that places it', () => {
    const html = pageHtml(site(), '/order');
    expect(html).toContain('<form class="order-dish-form" action="/example/order#order-dish-hummus" method="post">');
    expect(html).toContain('<input type="hidden" name="item" value="hummus"/>');
    expect(html).toContain('<legend>Side<span class="field-required"> (required)</span></legend>');
    expect(html).toContain('<input type="radio" id="order-dish-lamb-kofta-option-side-potatoes" name="option-side" checked="" value="potatoes"/>');
    expect(html).toContain('<p>Nothing yet: add dishes from the menu.</p>');
    expect(html).toContain('<button type="submit" class="button">Place order</button>');
    expect(html).toContain('"@type":"Menu"');
  });
});

describe('the order block’s checks', () => {
  it('refuses a menu reference that names no menu block', () => {
    const [problem] = problemsOf(restaurantYaml({ order: { menu: '/menu#lunch' } }));
    expect(problem).toContain('SW_BROKEN_LINK');
    expect(problem).toContain('The page /menu has no menu block with "id: lunch".');
    const [page] = problemsOf(restaurantYaml({ order: { menu: '/' } }));
    expect(page).toContain('The page / has no menu block to order from.');
    const [missing] = problemsOf(restaurantYaml({ order: { menu: '/menus' } }));
    expect(missing).toContain('SW_BROKEN_LINK');
    expect(missing).toContain('did you mean "/menu"?');
  });

  it('needs opening hours, a known time zone, and online payment for delivery', () => {
    const [hours] = problemsOf(restaurantYaml({ site: { hours: undefined } }));
    expect(hours).toContain('SW_MISSING_KEY');
    expect(hours).toContain('Pickup times are offered inside the opening hours, but the site has none.');
    const [zone] = problemsOf(restaurantYaml({ order: { timeZone: 'America/Los_Angles' } }));
    expect(zone).toContain('SW_BAD_FORMAT');
    expect(zone).toContain('Did you mean "America/Los_Angeles"?');
    const [delivery] = problemsOf(restaurantYaml({ order: { payment: ['at-pickup'], delivery: { postcodes: ['95731'] } } }));
    expect(delivery).toContain('SW_NOT_ALLOWED');
    expect(delivery).toContain('Delivery orders are paid online');
  });

  it('needs the site’s payments section, like every block that takes money', () => {
    const [problem] = problemsOf(restaurantYaml({ more: { payments: undefined } }));
    expect(problem).toContain('SW_PAYMENTS_MISSING');
  });
});

describe('the mail of an order', () => {
  it('gives the kitchen a ticket to print: number, time in the zone, dishes with options, note, paid, total', () => {
    const text = ticketText(site(), orderProps(), ORDER);
    expect(text.split('\n')).toEqual([
      '==========================================',
      'ORDER 7F3A2C',
      'PICKUP: Tuesday, June 15, 6:30 PM PDT',
      'PAID ONLINE',
      '==========================================',
      '2 x Hummus                          $30.00',
      '      + Toppings: Spiced lamb',
      '1 x Lamb kofta with a very long name for the ticket',
      '                                    $27.00',
      '      + Side: Rice',
      '------------------------------------------',
      'Subtotal                            $57.00',
      'TOTAL                               $57.00',
      '------------------------------------------',
      'NOTE FOR THE KITCHEN:',
      '  No onions on the kofta, please: it is',
      '  for my daughter, who will not eat',
      '  anything with onions in it.',
      '------------------------------------------',
      'Guest: Dana Whitfield',
      'Phone: (555) 555-0199',
      'E-mail: dana@example.com',
      '==========================================',
    ]);
    const atPickup = ticketText(site(), orderProps(), { ...ORDER, status: 'placed', payment: 'at-pickup' });
    expect(atPickup).toContain('TO PAY AT PICKUP: $57.00');
  });

  it('gives the guest a confirmation with the link to their order', () => {
    const text = confirmationText(site(), orderProps(), ORDER, 'https://sites.example.com/example/order?order=abc');
    expect(text).toContain('Thank you: Harbor Grill has your order 7F3A2C.');
    expect(text).toContain('Ready for pickup at Tuesday, June 15, 6:30 PM PDT.');
    expect(text).toContain('Hummus (Toppings: Spiced lamb) × 2: $30.00');
    expect(text).toContain('Your order online: https://sites.example.com/example/order?order=abc');
  });
});
