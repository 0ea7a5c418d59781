/**
 * Booking a time end to end over HTTP: the day's free times, a hold, the checkout, the confirmation
 * by e-mail with a calendar file, the booking's own page through its signed link, and a slot that
 * is never sold twice however many visitors ask at once. Gift cards, lapsed holds and late
 * cancellations are in bookings-paying.test.ts.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsPlaces } from '../runtime/store/store.ts';
import { bookingApp, dayAhead, radioOf, ZONE, type BookingCtx as Ctx } from './helpers/club.ts';
import { ledgerOf, outboxOf, pathOf, press, signedPost } from './helpers/money.ts';

const held = async (ctx: Ctx, resource: string) =>
  (await (await ctx.services.store.tenant('club')).list('bookings', { resource })).filter((r) => holdsPlaces(r, Date.now()));

describe('booking a room', () => {
  let ctx: Ctx;
  const post = (url: string, fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, url, fields);
  const good = (slot: string) => ({ _booking: 'cellar', slot, party: '4', name: 'Ana Reyes', email: 'Ana@Example.com' });
  beforeAll(async () => {
    ctx = await bookingApp();
  });
  afterAll(() => ctx.app.close());

  it('shows the days as links, the times as radio buttons with what is left, and the party sizes', async () => {
    const date = dayAhead(2);
    const page = await ctx.app.inject(`/club/book?date=${date}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="/club/book?date=${dayAhead(3)}#cellar"`);
    expect(radioOf(page.body, `${date}T10:00`)).toContain('name="slot"');
    expect(radioOf(page.body, `${date}T10:00`)).not.toContain('disabled');
    expect(page.body).toContain('(Available)');
    expect(page.body).toMatch(/<select[^>]*name="party"/);
    expect(page.body).toMatch(/<option value="2"[^>]*>2<\/option>/);
    expect(page.body).toContain('<option value="8">8</option>');
    expect(page.body).toContain('<label for="book-cellar-party">Number of players');
    expect(page.body).toContain('Price: $25 per player');

    const classes = await ctx.app.inject(`/club/class?date=${date}`);
    expect(classes.body).toContain('12 places left');
  });

  it('goes from the form to the checkout, and a paid booking is confirmed and e-mailed with a calendar file', async () => {
    const slot = `${dayAhead(3)}T14:00`;
    const sent = await post('/club/book', { ...good(slot) });
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    expect(checkoutPath).toMatch(/^\/payments\/test\/club\/[A-Za-z0-9_-]{22}$/);
    const checkout = checkoutPath.split('/').pop();
    const opened = (await ledgerOf(ctx.services.store, 'club')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    expect(opened).toMatchObject({ amount: 10000, purpose: 'booking', email: 'ana@example.com' });
    // The count is the line's quantity, said once: "The Cellar (per player) × 4", never "4 people × 4".
    expect(opened?.lines).toEqual([{ name: 'The Cellar (per player)', amount: 2500, quantity: 4 }]);
    expect((await ctx.app.inject(checkoutPath)).body).toContain('<th scope="row">The Cellar (per player) × 4</th><td class="amount">$100.00</td>');

    const after = await ctx.app.inject(`/club/book?date=${dayAhead(3)}`);
    expect(radioOf(after.body, slot)).toContain('disabled=""');

    const paid = await press(ctx.app, checkoutPath, 'pay');
    expect(paid.statusCode).toBe(303);
    const receipt = await ctx.app.inject(pathOf(paid.headers.location));
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Thank you: payment received');

    const [booking] = (await (await ctx.services.store.tenant('club')).list('bookings', { slot: `cellar@${slot}` })).filter((r) => r.status === 'confirmed');
    expect(booking).toMatchObject({ status: 'confirmed', players: 4, checkout });
    const mails = await outboxOf(ctx.dataDir);
    const confirmation = mails.find((m) => m.includes('is confirmed'));
    expect(confirmation).toBeDefined();
    expect(confirmation).toContain('text/calendar');
    const ics = /Content-Type: text\/calendar[^\n]*\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\r\n]+)/.exec(confirmation ?? '')?.[1] ?? '';
    const calendarFile = Buffer.from(ics.replace(/\s/g, ''), 'base64').toString('utf8');
    // A calendar program reads it as the booked hour: 14:00 in New York.
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(calendarFile) as unknown[]).getFirstSubcomponent('vevent') ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe(String(booking?.startUtc));
    expect(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hour12: false }).format(event.startDate.toJSDate())).toBe('14');
    expect(event.summary).toBe('The Cellar at Cellar Club');
    const link = /\/club\/book\?booking=[^\s]+/.exec(confirmation?.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mails.some((m) => m.includes('booked The Cellar for 4 people'))).toBe(true);
    // Paid in test mode: the booker's and the club's e-mails say so, as the receipt does.
    expect(confirmation?.replace(/=\r?\n/g, '')).toContain('TEST MODE: this booking was paid with a practice payment; no money was taken.');
    expect(mails.find((m) => m.includes('booked The Cellar for 4 people'))?.replace(/=\r?\n/g, '')).toContain('TEST MODE');

    const view = await ctx.app.inject(link as string);
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('Your booking: The Cellar');
    expect(view.body).toContain('<strong>Confirmed</strong>');
    expect(view.body).toContain('Cancel this booking');
    expect(view.body).not.toContain('Ana@');

    // Cancelled inside the window: refunded.
    const token = decodeURIComponent((link as string).split('booking=')[1] as string);
    const cancelled = await post('/club/book', { _booking: 'cellar', _cancel: token });
    expect(cancelled.statusCode).toBe(303);
    const again = await ctx.app.inject(pathOf(cancelled.headers.location));
    expect(again.body).toContain('Cancelled, refunded');
    expect((await ledgerOf(ctx.services.store, 'club')).some((e) => e.checkout === checkout && e.type === 'refunded')).toBe(true);
  });

  it('shows nothing of anyone’s booking for a forged or foreign token', async () => {
    for (const token of ['forged', 'Ym9va2luZw.abc', `${'a'.repeat(40)}.${'b'.repeat(43)}`]) {
      const page = await ctx.app.inject(`/club/book?booking=${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('No booking to show');
      expect(page.body).not.toContain('Ana Reyes');
    }
  });
});

describe('booking a room when many ask at once, or ask wrongly', () => {
  let ctx: Ctx;
  const post = (url: string, fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, url, fields);
  const good = (slot: string) => ({ _booking: 'cellar', slot, party: '4', name: 'Ana Reyes', email: 'Ana@Example.com' });
  beforeAll(async () => {
    ctx = await bookingApp();
  });
  afterAll(() => ctx.app.close());

  it('sells one whole-room slot once, however many ask at once', async () => {
    const slot = `${dayAhead(5)}T18:00`;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post('/club/book', { ...good(slot), email: `p${i}@example.com` })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 303)).toHaveLength(1);
    expect(codes.every((c) => c === 303 || c === 409 || c === 422)).toBe(true);
    for (const a of answers.filter((x) => x.statusCode !== 303)) expect(a.body).toContain('just been taken');
    expect(await held(ctx, 'cellar').then((r) => r.filter((b) => b.slot === `cellar@${slot}`))).toHaveLength(1);
  });

  it('gives a class of 12 places to 12 people out of 50 at once', async () => {
    const slot = `${dayAhead(5)}T10:00`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/club/class', { _booking: 'puzzle-class', slot, party: '1', name: `Player ${i}`, email: `c${i}@example.com` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 303)).toHaveLength(12);
    expect(answers.every((a) => a.statusCode === 303 || a.statusCode === 409)).toBe(true);
    const places = (await held(ctx, 'puzzle-class')).filter((b) => b.slot === `puzzle-class@${slot}`).reduce((n, b) => n + Number(b.places), 0);
    expect(places).toBe(12);
    const page = await ctx.app.inject(`/club/class?date=${dayAhead(5)}`);
    expect(page.body).toContain('(Full)');
  });

  it('refuses bad input beside the field, holds nothing and never fails', async () => {
    const before = (await (await ctx.services.store.tenant('club')).list('bookings')).length;
    const slot = `${dayAhead(6)}T10:00`;
    const cases: [Record<string, string>, number, string][] = [
      [{ party: '0' }, 422, 'Choose from 2 to 8 players.'],
      [{ party: '9' }, 422, 'Choose from 2 to 8 players.'],
      [{ party: 'two' }, 422, 'Choose from 2 to 8 players.'],
      [{ slot: `${dayAhead(-1)}T10:00` }, 422, 'That time cannot be booked: it has already started.'],
      [{ slot: `${dayAhead(40)}T10:00` }, 422, 'That time cannot be booked: it is too far ahead to book yet.'],
      [{ slot: `${dayAhead(6)}T11:00` }, 422, 'That time cannot be booked: it is not one of our start times.'],
      [{ slot: 'tomorrow at ten' }, 422, 'That time cannot be booked: it is not one of the times on this page.'],
      [{ slot: `${dayAhead(6)}T25:00` }, 422, 'That time cannot be booked: it is not one of the times on this page.'],
      [{ email: 'not-an-address' }, 422, 'Please enter an e-mail address'],
      [{ price: '1' }, 400, 'The form could not be read'],
      [{ amount: '0.01' }, 400, 'The form could not be read'],
    ];
    for (const [change, status, message] of cases) {
      const answer = await post('/club/book', { ...good(slot), ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(status);
      expect(answer.body).toContain(message);
    }
    // The page again shows the day of the time chosen, that time still chosen, and the answers kept.
    const again = await post('/club/book', { ...good(slot), party: '9' });
    expect(radioOf(again.body, slot)).toContain('checked=""');
    expect(again.body).toContain(`aria-current="date">`);
    expect(again.body).toContain('value="Ana Reyes"');
    expect((await (await ctx.services.store.tenant('club')).list('bookings')).length).toBe(before);
    expect((await ledgerOf(ctx.services.store, 'club')).filter((e) => e.type === 'checkout-opened' && e.description?.toString().includes(dayAhead(6)))).toEqual(
      [],
    );
  });
});

describe('booking one of several rooms', () => {
  let ctx: Ctx;
  const post = (fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, '/club/rooms', fields);
  const good = { _booking: 'rooms', name: 'Ana Reyes', email: 'ana@example.com' };
  beforeAll(async () => {
    ctx = await bookingApp();
  });
  afterAll(() => ctx.app.close());

  it('lists the rooms as links, shows the first room’s times, and another room’s own times, sizes and price when chosen', async () => {
    const date = dayAhead(2);
    const first = await ctx.app.inject(`/club/rooms?date=${date}`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('href="/club/rooms?choice=den#rooms"');
    expect(first.body).toContain('60 min · 2–8 players · $20 a player');
    expect(first.body).toContain('90 min · 3–6 players · $150 a booking');
    expect(first.body).toMatch(/<a href="\/club\/rooms\?choice=vault#rooms" aria-current="true">/);
    expect(radioOf(first.body, `${date}T10:00`)).toContain('name="slot"');
    expect(first.body).toContain('<input type="hidden" name="choice" value="vault"/>');

    const den = await ctx.app.inject(`/club/rooms?choice=den&date=${date}`);
    expect(den.body).toMatch(/<a href="\/club\/rooms\?choice=den#rooms" aria-current="true">/);
    expect(den.body).toContain(`href="/club/rooms?choice=den&amp;date=${dayAhead(3)}#rooms"`);
    expect(radioOf(den.body, `${date}T11:00`)).toContain('name="slot"');
    expect(radioOf(den.body, `${date}T10:00`)).toBe('');
    expect(den.body).toMatch(/<option value="3"[^>]*>3<\/option>/);
    expect(den.body).not.toContain('<option value="2">2</option>');
    expect(den.body).toContain('Price: $150 per booking');

    // A timetable links to one time: its day shows with that time chosen.
    const linked = await ctx.app.inject(`/club/rooms?choice=den&slot=${dayAhead(3)}T15:00`);
    expect(radioOf(linked.body, `${dayAhead(3)}T15:00`)).toContain('checked=""');
    expect(radioOf(linked.body, `${dayAhead(3)}T11:00`)).not.toContain('checked');
  });

  it('answers a script the days and free times of a room as JSON, and never a booking a link names', async () => {
    const date = dayAhead(2);
    const day = await ctx.app.inject(`/club/rooms?_data=booking&choice=den&date=${date}`);
    expect(day.statusCode).toBe(200);
    expect(day.headers['content-type']).toContain('application/json');
    expect(day.headers['cache-control']).toBe('no-store');
    const json = day.json<{ choice: string; date: string; legend: string; slots: { id: string; note: string }[]; dates: { href: string }[] }>();
    expect(json.choice).toBe('den');
    expect(json.date).toBe(date);
    expect(json.legend).toMatch(/^The Den: time on /);
    expect(json.slots.map((s) => s.id)).toEqual([`${date}T11:00`, `${date}T15:00`]);
    expect(json.dates[0]?.href).toMatch(/^\/club\/rooms\?choice=den&date=\d{4}-\d{2}-\d{2}#rooms$/);

    const sent = await signedPost(ctx.app, ctx.services.signer, '/club/rooms', {
      _booking: 'rooms',
      choice: 'vault',
      slot: `${dayAhead(9)}T10:00`,
      party: '2',
      name: 'Private Person',
      email: 'private@example.com',
    });
    const [record] = (await (await ctx.services.store.tenant('club')).list('bookings')).filter((b) => b.name === 'Private Person');
    expect(sent.statusCode).toBe(303);
    const token = ctx.services.signer.sign(`booking:club:${String(record?.id)}`);
    const asked = await ctx.app.inject(`/club/rooms?_data=booking&booking=${encodeURIComponent(token)}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).not.toContain('Private Person');
    expect(asked.body).not.toContain('private@example.com');
    expect(Object.keys(asked.json<object>()).sort()).toEqual(['choice', 'date', 'dates', 'later', 'legend', 'slots']);

    for (const url of ['/club/rooms?_data=receipt', '/club/rooms?_data=', '/club/payment-success?_data=booking'])
      expect((await ctx.app.inject(url)).statusCode, url).toBe(404);
  });

  it('books the room chosen, at its own price from the YAML, with its own places', async () => {
    const slot = `${dayAhead(4)}T11:00`;
    const sent = await post({ ...good, choice: 'den', slot, party: '5' });
    expect(sent.statusCode).toBe(303);
    const checkout = pathOf(sent.headers.location).split('/').pop();
    const opened = (await ledgerOf(ctx.services.store, 'club')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    expect(opened).toMatchObject({ amount: 15000, details: { resource: 'den', players: 5 } });
    // The Den at 11:00 is taken; the Vault is another room, with its own times.
    const den = await ctx.app.inject(`/club/rooms?choice=den&date=${dayAhead(4)}`);
    expect(radioOf(den.body, slot)).toContain('disabled=""');
    const vault = await post({ ...good, choice: 'vault', slot: `${dayAhead(4)}T10:00`, party: '2' });
    expect(vault.statusCode).toBe(303);
  });

  it('refuses a room the block does not have, and a time or a party of another room', async () => {
    const before = (await (await ctx.services.store.tenant('club')).list('bookings')).length;
    const cases: [Record<string, string>, string][] = [
      [{ choice: 'attic', slot: `${dayAhead(6)}T10:00`, party: '4' }, 'That is not one of the things booked on this page'],
      [{ choice: 'den', slot: `${dayAhead(6)}T10:00`, party: '4' }, 'it is not one of our start times'],
      [{ choice: 'den', slot: `${dayAhead(6)}T11:00`, party: '2' }, 'Choose from 3 to 6 players.'],
    ];
    for (const [change, message] of cases) {
      const answer = await post({ ...good, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(422);
      expect(answer.body).toContain(message);
    }
    expect((await (await ctx.services.store.tenant('club')).list('bookings')).length).toBe(before);
  });
});
