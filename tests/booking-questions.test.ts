/**
 * A booking's own questions, asked as a form block asks them: the page shows them with their
 * labels, the server checks the answers (a refused post keeps every answer and says what is wrong
 * beside each field), and the answers are kept with the booking and shown under their labels on the
 * desk, in its CSV and in the owner's and the booker's e-mails.
 */
import { describe, expect, it } from 'vitest';
import { bikeShopSuite, book, answers, bookingSection, bookingsOf, dayAhead } from './helpers/bike-shop.ts';
import { pathOf, press } from './helpers/money.ts';

const { clock, shop, get, signIn } = bikeShopSuite('10.7.1');

describe('a booking’s own questions', () => {
  it('asks them on the page under their labels, marking the required ones', async () => {
    const section = bookingSection((await shop().app.inject('/spokes/service')).body);
    expect(section).toMatch(/<label for="book-workshop-phone">Phone number<span class="field-required"> \(required\)<\/span><\/label><input[^>]*type="tel"/);
    expect(section).toContain('<label for="book-workshop-model">Make and model<span class="field-required"> (required)</span>');
    expect(section).toMatch(/<input type="checkbox"[^>]*id="book-workshop-ebike"/);
    expect(section).toMatch(/<textarea[^>]*name="notes"/);
  });

  it('refuses missing and wrong answers beside their fields, keeps every answer, and holds nothing', async () => {
    const slot = `${dayAhead(clock, 5)}T09:00`;
    const res = await book(shop(), answers('safety-check', slot, { phone: 'call me', model: '', ebike: 'on', notes: 'Brakes <3 squeak' }));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<p id="book-workshop-phone-error" class="field-error">Please enter a phone number, such as (555) 555-0142.</p>');
    expect(res.body).toContain('<p id="book-workshop-model-error" class="field-error">Please fill in “Make and model”.</p>');
    expect(res.body).toContain('<a href="#book-workshop-phone">Please enter a phone number');
    // Every answer is there to correct: the questions' own and the booking's.
    expect(res.body).toMatch(/<input[^>]*name="phone"[^>]*value="call me"/);
    expect(res.body).toMatch(/<input type="checkbox"[^>]*name="ebike"[^>]*checked=""/);
    expect(res.body).toContain('Brakes &lt;3 squeak</textarea>');
    expect(res.body).toMatch(/<input[^>]*name="name"[^>]*value="Jo Rider"/);
    expect((await bookingsOf(shop())).filter((b) => b.slotId === slot)).toEqual([]);

    // Markup in an answer is refused as the form block refuses it; a question the block does not ask is no post of this form.
    const tags = await book(shop(), answers('safety-check', slot, { model: 'Trek <b>FX</b>' }));
    expect(tags.statusCode).toBe(422);
    expect(tags.body).toContain('Please remove the &lt; and &gt; characters from “Make and model”.');
    const stranger = await book(shop(), answers('safety-check', slot, { price: '0' }));
    expect(stranger.statusCode).toBe(400);
    expect((await bookingsOf(shop())).filter((b) => b.slotId === slot)).toEqual([]);
  });

  it('keeps the answers with the booking and shows them under their labels on the desk, in its CSV and in both e-mails', async () => {
    const slot = `${dayAhead(clock, 6)}T13:00`;
    const sent = await book(shop(), answers('safety-check', slot, { ebike: 'on' }));
    expect(sent.statusCode).toBe(303);
    const [held] = (await bookingsOf(shop())).filter((b) => b.slotId === slot);
    expect(held?.answers).toEqual({ phone: '(555) 555-0142', model: 'Trek FX 2', ebike: true, notes: 'Squeaky brakes' });
    expect((await press(shop().app, pathOf(sent.headers.location), 'pay')).statusCode).toBe(303);

    const booker = shop().sent.find((m) => m.to === 'jo@example.com' && m.text.includes('is confirmed'));
    const owner = shop().sent.find((m) => m.to === 'shop@spokes.example.com' && m.text.includes('booked Safety check'));
    for (const mail of [booker, owner]) {
      expect(mail?.text).toContain('Phone number: (555) 555-0142');
      expect(mail?.text).toContain('Make and model: Trek FX 2');
      expect(mail?.text).toContain('It is an e-bike: Yes');
      expect(mail?.text).toContain('Anything we should know?: Squeaky brakes');
      expect(mail?.text).not.toMatch(/^(phone|model|ebike|notes):/m);
    }

    const mia = await signIn('spokes', 'mia@spokes.example.com');
    const desk = await get('/spokes/desk/bookings', mia.cookie);
    expect(desk.body).toContain('<dt>Phone number</dt><dd>(555) 555-0142</dd><dt>Make and model</dt><dd>Trek FX 2</dd><dt>It is an e-bike</dt><dd>Yes</dd>');
    expect(desk.body).not.toContain('<dt>model</dt>');
    const csv = await get('/spokes/desk/export/bookings.csv', mia.cookie);
    const [header, ...rows] = csv.body.trim().split('\n');
    expect(header).toBe('When,What,Who,E-mail,How many,Status,Phone number,Make and model,It is an e-bike,Anything we should know?');
    expect(rows.find((r) => r.includes('Jo Rider'))).toMatch(/,Confirmed,\(555\) 555-0142,Trek FX 2,Yes,Squeaky brakes$/);
  });
});
