/**
 * Ordering dinner from The Olive Tree over HTTP, as a browser without JavaScript does it (form
 * posts, 303s, the cart's cookie) and as the island does it (JSON): the cart priced from the
 * menu's YAML, an order paid online with its ticket to the kitchen and confirmation to the guest,
 * an order paid at pickup, delivery, the kitchen's limit per time under thirty orders at once, and
 * bad input refused beside its field with nothing stored (in order-input.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScheduled } from '../runtime/server/retention.ts';
import { ledgerOf, ORIGIN, outboxOf, pathOf, press } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';
import { NOW, openOliveTree, OrderGuest, PAGE, place, readable, unfolded, type OliveTree } from './helpers/olive-tree.ts';

/** The services' clock: NOW, until a test moves it. */
let now = NOW;

let app: OliveTree['app'];
let services: OliveTree['services'];
let dataDir: string;

beforeAll(async () => {
  ({ app, services, dataDir } = await openOliveTree(() => now));
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
const mails = async () => (await outboxOf(dataDir)).map((m) => readable(unfolded(m)));
const mailTo = async (to: string, subject: RegExp) => (await mails()).filter((m) => m.includes(`To: ${to}`) && subject.test(m));

describe('the order page', () => {
  it('offers the dinner menu with its options, sold-out dishes and the kitchen’s times in Bellhaven time', async () => {
    const page = await new Guest().get();
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h4 id="order-dish-hummus-name">Hummus with warm pita</h4><span class="order-dish-price">$9</span>');
    expect(page.body).toMatch(/<input type="checkbox" id="order-dish-hummus-option-toppings-spiced-lamb" name="option-toppings" value="spiced-lamb"\/>/);
    expect(page.body).toContain('Spiced lamb<span class="order-option-price"> (<!-- -->+$6<!-- -->)</span>');
    // Sold out: shown, with no form to add it.
    const octopus = page.body.slice(page.body.indexOf('id="order-dish-grilled-octopus"'), page.body.indexOf('id="order-dish-vegetable-skewers"'));
    expect(octopus).toContain('Sold out today');
    expect(octopus).not.toContain('<form');
    // Only the dinner menu: no wine.
    expect(page.body).not.toContain('Assyrtiko');
    // Times every 15 minutes inside the hours: Tuesday from 17:00 to 21:15, Friday (Thursday is the third day) not offered.
    expect(page.body).toContain(
      '<optgroup label="Today, Tuesday, June 15"><option value="2027-06-15T17:00">5:00 PM</option><option value="2027-06-15T17:15">5:15 PM</option>',
    );
    expect(page.body).toContain('<option value="2027-06-15T21:15">9:15 PM</option></optgroup>');
    expect(page.body).not.toContain('2027-06-15T21:30');
    expect(page.body).toContain('<optgroup label="Tomorrow, Wednesday, June 16">');
    expect(page.body).toContain('<optgroup label="Thursday, June 17">');
    expect(page.body).not.toContain('2027-06-18T');
    expect(page.body).toContain('Time (Pacific Daylight Time)');
  });

  it('describes the menu to machines as a schema.org Menu of sections and items with offers', async () => {
    const page = await new Guest().get();
    const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}') as { '@graph': Record<string, unknown>[] };
    const menu = graph['@graph'].find((n) => n['@type'] === 'Menu') as { hasMenuSection: { name: string; hasMenuItem: Record<string, unknown>[] }[] };
    expect(menu.hasMenuSection.map((s) => s.name)).toEqual(['Mezze', 'Salads', 'From the charcoal grill', 'From the oven', 'Sides', 'Desserts']);
    const hummus = menu.hasMenuSection[0]?.hasMenuItem[0];
    expect(hummus).toMatchObject({
      '@type': 'MenuItem',
      name: 'Hummus with warm pita',
      offers: { '@type': 'Offer', price: '9.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      suitableForDiet: ['https://schema.org/VeganDiet'],
    });
    expect(JSON.stringify(hummus)).toContain('"menuAddOn":[{"@type":"MenuSection","name":"Toppings"');
    const octopus = menu.hasMenuSection[2]?.hasMenuItem.find((i) => i.name === 'Grilled octopus');
    expect(octopus).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
  });

  it('shows the options and the sold-out mark on the menu page too', async () => {
    const menu = await app.inject('/olivetree/menu');
    expect(menu.body).toContain('<span class="menu-option-name">Side:</span> <!-- -->Lemon potatoes, Rice pilaf');
    expect(menu.body).toContain('<li class="menu-item menu-item-sold-out"><p class="menu-item-head"><span class="menu-item-name">Grilled octopus</span>');
  });
});

describe('the cart without JavaScript', () => {
  it('adds with a form post: a 303 back to the cart and a signed, HttpOnly, SameSite=Lax cookie for the site alone', async () => {
    const guest = new Guest();
    const added = await guest.add('hummus', '2', { 'option-toppings': ['spiced-lamb', 'extra-pita'] });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe(`${PAGE}#order-cart`);
    expect(String(added.headers['set-cookie'])).toMatch(
      /^sw-cart=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Path=\/olivetree; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/,
    );
    const cart = await guest.cart();
    expect(cart).toContain('<span class="order-line-name">Hummus with warm pita</span> <span class="order-line-total">$36</span>');
    expect(cart).toContain('<p class="order-line-options">Spiced lamb, Extra pita</p>');
    expect(cart).toContain('<strong>$36</strong>');

    // The same dish with the same choices adds to its line; the cookie is not set again.
    const again = await guest.add('hummus', '1', { 'option-toppings': ['extra-pita', 'spiced-lamb'] });
    expect(again.headers['set-cookie']).toBeUndefined();
    const kofta = await guest.add('lamb-kofta', '1', { 'option-side': 'rice-pilaf' });
    expect(kofta.statusCode).toBe(303);
    expect(await guest.cart()).toContain('Total<!-- --> (4 items)</span> <strong>$81</strong>');

    // Change a quantity, then remove the line.
    const line = (await carts()).find((c) => (c.lines as { item: string; id: string }[]).some((l) => l.item === 'lamb-kofta'));
    const koftaLine = (line?.lines as { item: string; id: string }[]).find((l) => l.item === 'lamb-kofta')?.id ?? '';
    expect((await guest.post({ do: 'change', line: koftaLine, quantity: '3' })).statusCode).toBe(303);
    expect(await guest.cart()).toContain('<strong>$135</strong>');
    expect((await guest.post({ do: 'remove', line: koftaLine })).statusCode).toBe(303);
    expect(await guest.cart()).toContain('<strong>$54</strong>');
  });

  it('answers the island with the cart as JSON, priced on the server', async () => {
    const guest = new Guest();
    const added = await guest.add('falafel', '3', {}, true);
    expect(added.statusCode).toBe(200);
    expect(added.headers['set-cookie']).toBeDefined();
    expect(added.json()).toMatchObject({
      ok: true,
      message: 'Added to your order: 3 × Falafel.',
      cart: { count: 3, subtotal: '$30', lines: [{ name: 'Falafel', quantity: 3, unit: '$10', total: '$30' }] },
    });
    const refused = await guest.add('falafel', '0', {}, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ ok: false, errors: { quantity: 'Please choose a quantity from 1 to 20.' }, result: { cart: { subtotal: '$30' } } });
  });

  it('keeps no cart for a cookie it did not sign', async () => {
    const guest = new Guest();
    await guest.add('falafel');
    const forged = new Guest();
    forged.cookie = guest.cookie.replace(/\.[A-Za-z0-9_-]+$/, '.AAAA');
    expect(await forged.cart()).toContain('Nothing yet');
    const bare = new Guest();
    bare.cookie = guest.cookie.replace(/\.[A-Za-z0-9_-]+$/, '');
    expect(await bare.cart()).toContain('Nothing yet');
  });
});

describe('placing an order', () => {
  it('paid online: the checkout, then the ticket to the kitchen, the confirmation with its link, and the order’s own page', async () => {
    const guest = new Guest();
    await guest.add('hummus', '1', { 'option-toppings': 'spiced-lamb' });
    await guest.add('lamb-kofta', '2', { 'option-side': 'rice-pilaf' });
    const placed = await place(guest);
    expect(placed.statusCode).toBe(303);
    const checkoutPath = pathOf(placed.headers.location);
    expect(checkoutPath).toMatch(/^\/payments\/test\/olivetree\/[A-Za-z0-9_-]{22}$/);
    const checkout = checkoutPath.split('/').pop();
    const opened = (await ledgerOf(services.store, 'olivetree')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    expect(opened).toMatchObject({ amount: 6900, purpose: 'order', email: 'dana@example.com' });
    expect(opened?.lines).toEqual([
      { name: 'Hummus with warm pita (Spiced lamb)', amount: 1500, quantity: 1 },
      { name: 'Lamb kofta (Rice pilaf)', amount: 2700, quantity: 2 },
    ]);
    const held = (await orders()).find((o) => o.email === 'dana@example.com' && o.status === 'held');
    expect(held).toMatchObject({ slotId: '2027-06-15T18:00', total: 6900, places: 1 });

    const paid = await press(app, checkoutPath, 'pay');
    expect(paid.statusCode).toBe(303);
    expect((await app.inject(pathOf(paid.headers.location))).body).toContain('Thank you: payment received');
    const order = (await orders()).find((o) => o.id === held?.id);
    expect(order).toMatchObject({ status: 'paid', checkout });
    expect(order?.expiresAt).toBeUndefined();

    const [ticket] = await mailTo('table@olivetree.example.com', new RegExp(`Subject: Order ${String(order?.number)}`));
    expect(ticket).toBeDefined();
    expect(ticket).toContain(`ORDER ${String(order?.number)}`);
    expect(ticket).toContain('PICKUP: Tuesday, June 15, 6:00 PM PDT');
    expect(ticket).toContain('PAID ONLINE');
    expect(ticket).toContain('1 x Hummus with warm pita           $15.00');
    expect(ticket).toContain('      + Toppings: Spiced lamb');
    expect(ticket).toContain('2 x Lamb kofta                      $54.00');
    expect(ticket).toContain('      + Side: Rice pilaf');
    expect(ticket).toContain('TOTAL                               $69.00');
    expect(ticket).toContain('NOTE FOR THE KITCHEN:');
    expect(ticket).toContain('No onions on the kofta, please.');

    const [confirmation] = await mailTo('dana@example.com', /Subject: Your order/);
    expect(confirmation).toContain(`Thank you: The Olive Tree has your order ${String(order?.number)}.`);
    expect(confirmation).toContain('Ready for pickup at Tuesday, June 15, 6:00 PM PDT, at 214 Alder Street, Bellhaven.');
    expect(confirmation).toContain('Paid online.');
    const link = /https:\/\/sites\.example\.com(\/olivetree\/order\?order=\S+)/.exec(confirmation ?? '')?.[1];
    expect(link).toBeDefined();
    const view = await app.inject(link as string);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(`Your order ${String(order?.number)}`);
    expect(view.body).toContain('<strong>Paid and received</strong>');
    // As the kitchen moves it on at its desk, the guest's page follows.
    await (await tenant()).update('orders', String(order?.id), { stage: 'ready' });
    expect((await app.inject(link as string)).body).toContain('<strong>Ready to collect</strong>');
    await (await tenant()).update('orders', String(order?.id), { stage: undefined });
    expect(view.body).toContain('Tuesday, June 15, 6:00 PM PDT');
    expect(view.body).not.toContain('dana@example.com');
    expect(view.body).not.toContain('555-0199');

    // Paid: the cart it came from is empty.
    expect(await guest.cart()).toContain('Nothing yet');
  });

  it('paid at pickup: straight to the order’s page, the ticket says what to take at the counter', async () => {
    const guest = new Guest();
    await guest.add('spanakopita', '2');
    const placed = await place(guest, { payment: 'at-pickup', email: 'sam@example.com', slot: '2027-06-16T19:30', note: '' });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toMatch(/^\/olivetree\/order\?order=[^#]+#order$/);
    const page = await guest.get(String(placed.headers.location).replace(/#.*$/, ''));
    expect(page.body).toContain('<strong>Received</strong>');
    expect(page.body).toContain('To pay when you collect: $22');
    const [ticket] = await mailTo('table@olivetree.example.com', /to pay at pickup/);
    expect(ticket).toContain('PICKUP: Wednesday, June 16, 7:30 PM PDT');
    expect(ticket).toContain('TO PAY AT PICKUP: $22.00');
    expect(ticket).not.toContain('NOTE FOR THE KITCHEN');
    expect((await mailTo('sam@example.com', /Your order/))[0]).toContain('You pay when you collect it.');
    expect((await orders()).find((o) => o.email === 'sam@example.com')).toMatchObject({ status: 'placed', payment: 'at-pickup', total: 2200 });
    expect(await guest.cart()).toContain('Nothing yet');
  });
});

describe('placing an order for delivery, and the kitchen’s limit per time', () => {
  it('delivers to the listed ZIP codes with the fee, from the delivery minimum, paid online', async () => {
    const guest = new Guest();
    await guest.add('chicken-souvlaki', '1', { 'option-side': 'lemon-potatoes' });
    const delivery = { fulfilment: 'delivery', postcode: '95732', address: '18 Birch Street', email: 'lee@example.com' };
    const short = await place(guest, delivery);
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain('The minimum order for delivery is $40: please add $15 more.');
    await guest.add('pistachio-baklava', '2');
    const atPickup = await place(guest, { ...delivery, payment: 'at-pickup' });
    expect(atPickup.statusCode).toBe(422);
    expect(atPickup.body).toContain('Please choose how to pay.');
    const placed = await place(guest, delivery);
    expect(placed.statusCode).toBe(303);
    const checkout = pathOf(placed.headers.location).split('/').pop();
    const opened = (await ledgerOf(services.store, 'olivetree')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    expect(opened).toMatchObject({ amount: 4800 });
    expect(opened?.lines).toContainEqual({ name: 'Delivery', amount: 500, quantity: 1 });
    await press(app, pathOf(placed.headers.location), 'pay');
    const [ticket] = await mailTo('table@olivetree.example.com', /delivery/);
    expect(ticket).toContain('DELIVERY: Tuesday, June 15, 6:00 PM PDT');
    expect(ticket).toContain('Delivery                             $5.00');
    expect(ticket).toContain('Deliver to: 18 Birch Street, 95732');
  });

  it('gives a time to no more orders than the kitchen takes: 30 at once for one time with a limit of 4, the rest offered the next free time', async () => {
    const slot = '2027-06-17T19:00';
    const guests = Array.from({ length: 30 }, () => new Guest());
    for (const guest of guests) await guest.add('falafel', '2');
    const answers = await Promise.all(guests.map((g, i) => place(g, { slot, payment: 'at-pickup', email: `guest${i}@example.com` })));
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(4);
    const refused = answers.filter((a) => a.statusCode !== 303);
    expect(refused.every((a) => a.statusCode === 409)).toBe(true);
    for (const answer of refused) {
      expect(answer.body).toContain('7:00 PM has just been filled (the kitchen takes 4 orders for each time). The next free time, 7:15 PM, is now chosen');
      expect(answer.body).toContain('<option value="2027-06-17T19:15" selected="">7:15 PM</option>');
      expect(answer.body).toContain('<option value="2027-06-17T19:00" disabled="">7:00 PM (full)</option>');
    }
    expect((await orders()).filter((o) => o.slotId === slot)).toHaveLength(4);
    // One of them takes the time offered: it is now in it, and nothing was taken for the others.
    const taken = await place(guests[29] as Guest, { slot: '2027-06-17T19:15', payment: 'at-pickup', email: 'guest29@example.com' });
    expect(taken.statusCode).toBe(303);
    expect((await orders()).filter((o) => o.slotId === '2027-06-17T19:15')).toHaveLength(1);
    expect((await orders()).filter((o) => String(o.email).startsWith('guest'))).toHaveLength(5);
  });
});

describe('an order paid after its hold lapsed', () => {
  it('keeps its time while nobody took it, and is refunded with an apology when someone did', async () => {
    const slot = '2027-06-16T20:00';
    const late = new Guest();
    await late.add('moussaka');
    const kept = new Guest();
    await kept.add('moussaka');
    const keptAnswer = await place(kept, { slot: '2027-06-16T20:15', email: 'kept@example.com' });
    const lateAnswer = await place(late, { slot, email: 'late@example.com' });
    const others = Array.from({ length: 3 }, () => new Guest());
    for (const [i, guest] of others.entries()) {
      await guest.add('moussaka');
      expect((await place(guest, { slot, payment: 'at-pickup', email: `early${i}@example.com` })).statusCode).toBe(303);
    }
    // Twenty-one minutes at the checkout: both holds lapse; the hourly work marks them.
    now += 21 * 60_000;
    try {
      const all = blockServicesOf(app, services, ORIGIN);
      await runScheduled(app.fleetHolder.current, all, { info: () => {}, error: () => {} }, now);
      expect((await orders()).filter((o) => ['late@example.com', 'kept@example.com'].includes(String(o.email))).map((o) => o.status)).toEqual([
        'expired',
        'expired',
      ]);
      const taker = new Guest();
      await taker.add('moussaka');
      expect((await place(taker, { slot, payment: 'at-pickup', email: 'taker@example.com' })).statusCode).toBe(303);

      await press(app, pathOf(keptAnswer.headers.location), 'pay');
      expect((await orders()).find((o) => o.email === 'kept@example.com')).toMatchObject({ status: 'paid', slotId: '2027-06-16T20:15' });
      await press(app, pathOf(lateAnswer.headers.location), 'pay');
      expect((await orders()).find((o) => o.email === 'late@example.com')).toMatchObject({ status: 'cancelled' });
      expect((await orders()).filter((o) => o.slotId === slot && o.status !== 'cancelled')).toHaveLength(4);
      const checkout = pathOf(lateAnswer.headers.location).split('/').pop();
      expect((await ledgerOf(services.store, 'olivetree')).some((e) => e.checkout === checkout && e.type === 'refunded')).toBe(true);
      expect((await mailTo('late@example.com', /could not be kept/))[0]).toContain('Your payment has been refunded in full');
      expect(await mailTo('table@olivetree.example.com', /late@example\.com/)).toEqual([]);
    } finally {
      now = NOW;
    }
  });
});

describe('what the guest reads', () => {
  const NUMBER = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

  it('dates the receipt page and e-mail in the restaurant’s zone, saying which, and says each dish’s quantity once', async () => {
    // Saturday, November 28, 2026, 6:15 PM in Bellhaven (PST): already Sunday in UTC.
    now = Date.parse('2026-11-29T02:15:00Z');
    try {
      const guest = new Guest();
      await guest.add('hummus', '2', { 'option-toppings': 'spiced-lamb' });
      const placed = await place(guest, { slot: '2026-11-28T19:00', email: 'sat@example.com', note: '' });
      expect(placed.statusCode).toBe(303);
      const checkoutPath = pathOf(placed.headers.location);
      expect((await app.inject(checkoutPath)).body).toContain('<th scope="row">Hummus with warm pita (Spiced lamb) × 2</th><td class="amount">$30.00</td>');
      const paid = await press(app, checkoutPath, 'pay');
      const receipt = (await app.inject(pathOf(paid.headers.location))).body;
      expect(receipt).toContain('<th scope="row">Hummus with warm pita (Spiced lamb) × 2</th><td class="amount">$30.00</td>');
      expect(receipt).toContain('<td>November 28, 2026 at 6:15 PM PST</td>');
      expect(receipt).not.toContain('November 29');
      // The outbox's quoted-printable text, its bytes read back as UTF-8 (the × sign).
      const mail = Buffer.from((await mailTo('sat@example.com', /Subject: Your receipt/))[0] ?? '', 'latin1').toString('utf8');
      expect(mail).toContain('Hummus with warm pita (Spiced lamb) × 2: $30.00');
      expect(mail).toContain('Date: November 28, 2026 at 6:15 PM PST');
      expect(mail).not.toContain('2026-11-29');
      expect(mail).toMatch(/Receipt number: [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\r?\n/);
    } finally {
      now = NOW;
    }
  });

  it('numbers orders in one format however they are paid', async () => {
    const online = new Guest();
    await online.add('spanakopita', '2');
    expect((await place(online, { email: 'one@example.com', slot: '2027-06-17T18:15', note: '' })).statusCode).toBe(303);
    const pickup = new Guest();
    await pickup.add('spanakopita', '2');
    expect((await place(pickup, { payment: 'at-pickup', email: 'two@example.com', slot: '2027-06-17T18:15', note: '' })).statusCode).toBe(303);
    const numbers = (await orders()).filter((o) => o.email === 'one@example.com' || o.email === 'two@example.com').map((o) => String(o.number));
    expect(numbers).toHaveLength(2);
    for (const number of numbers) expect(number).toMatch(NUMBER);
  });
});
