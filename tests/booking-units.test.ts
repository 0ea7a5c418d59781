/**
 * What a booking counts, in the author's words: a bike shop's services say "bikes" (and its wheel
 * truing "wheels") on the booking page, the timetable, the checkout, both e-mails, the booking's
 * own page, the desk and its CSV, and never people, persons or players.
 */
import { describe, expect, it } from 'vitest';
import { bikeShopSuite, book, answers, bookingSection, bookingsOf, dayAhead, outbox, PEOPLE_WORDS } from './helpers/bike-shop.ts';
import { ledgerOf, pathOf, press } from './helpers/money.ts';

const { clock, shop, get, signIn } = bikeShopSuite('10.7.0');

describe('a booking that counts bikes', () => {
  it('says bikes on the booking page: the party’s label, the sizes, the price and the room left; a choice says its own unit', async () => {
    const date = dayAhead(clock, 3);
    const page = await shop().app.inject(`/spokes/service?choice=safety-check&date=${date}`);
    expect(page.statusCode).toBe(200);
    const section = bookingSection(page.body);
    expect(section).toContain('<label for="book-workshop-party">Number of bikes');
    expect(section).toContain('120 min · 1–2 bikes · $20 a bike');
    expect(section).toContain('Price: $20 per bike.');
    expect(section).toContain('(Room for 3 bikes)');
    expect(section).not.toMatch(PEOPLE_WORDS);
    expect(section).not.toContain('places left');

    const truing = bookingSection((await shop().app.inject(`/spokes/service?choice=truing&date=${date}`)).body);
    expect(truing).toContain('<label for="book-workshop-party">Number of wheels');
    expect(truing).toContain('Price: $20 per wheel.');
    expect(truing).toContain('(Room for 8 wheels)');
    expect(truing).not.toMatch(PEOPLE_WORDS);

    const week = await shop().app.inject('/spokes/week');
    expect(week.body).toContain('Room for 3 bikes');
    expect(week.body).toContain('Room for 8 wheels');
    expect(week.body).not.toContain('places left');
  });

  it('refuses a group too large in bikes', async () => {
    const res = await book(shop(), answers('safety-check', `${dayAhead(clock, 3)}T09:00`, { party: '3' }));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Choose from 1 to 2 bikes.');
  });

  it('says bikes on the checkout, in both e-mails, on the booking’s own page, on the desk and in its CSV', async () => {
    const slot = `${dayAhead(clock, 4)}T13:00`;
    const sent = await book(shop(), answers('safety-check', slot, { party: '2' }));
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    const checkout = await shop().app.inject(checkoutPath);
    expect(checkout.body).toContain('<th scope="row">Safety check (per bike) × 2</th><td class="amount">$40.00</td>');
    expect(checkout.body).not.toMatch(PEOPLE_WORDS);
    const opened = (await ledgerOf(shop().services.store, 'spokes')).find((e) => e.type === 'checkout-opened' && e.checkout === checkoutPath.split('/').pop());
    expect(opened).toMatchObject({ amount: 4000, lines: [{ name: 'Safety check (per bike)', amount: 2000, quantity: 2 }] });
    expect((await press(shop().app, checkoutPath, 'pay')).statusCode).toBe(303);

    const mails = await outbox(shop());
    const confirmation = mails.find((m) => m.includes('Your booking at Spokes Bike Repair is confirmed.') && m.includes('What: Safety check'));
    expect(confirmation).toContain('For: 2 bikes');
    const notice = mails.find((m) => m.includes('booked Safety check'));
    expect(notice).toContain('booked Safety check for 2 bikes.');
    for (const mail of [confirmation, notice]) expect(mail?.split('\n\n').slice(1).join('\n\n')).not.toMatch(PEOPLE_WORDS);

    const [booking] = (await bookingsOf(shop())).filter((b) => b.slotId === slot);
    expect(booking).toMatchObject({ status: 'confirmed', places: 2 });
    const link = /\/spokes\/service\?booking=[^\s#]+/.exec(confirmation ?? '')?.[0] as string;
    const own = bookingSection((await shop().app.inject(link)).body);
    expect(own).toContain('<dt>Bikes</dt><dd>2</dd>');
    expect(own).not.toMatch(PEOPLE_WORDS);

    const mia = await signIn('spokes', 'mia@spokes.example.com');
    const desk = await get('/spokes/desk/bookings', mia.cookie);
    expect(desk.statusCode).toBe(200);
    expect(desk.body).toContain('<dt>How many</dt><dd>2 bikes</dd>');
    expect(/<ul class="desk-list desk-board">[\s\S]*?<\/ul>/.exec(desk.body)?.[0]).not.toMatch(PEOPLE_WORDS);
    const csv = await get('/spokes/desk/export/bookings.csv', mia.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',Safety check,Jo Rider,jo@example.com,2 bikes,Confirmed');
    expect(csv.body).not.toMatch(PEOPLE_WORDS);
  });
});
