/**
 * Paying for a booking and what comes after, over HTTP: a gift card paying it whole or in part, a
 * hold that lapses while its visitor pays (the time goes to the next, the late payment is
 * refunded), and a cancellation refused inside the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateBalance, issueCertificate } from '../blocks/kits/gifts/certificates.ts';
import { addDays, localDate } from '../runtime/services/time.ts';
import { runScheduled } from '../runtime/server/retention.ts';
import type { Site } from '../runtime/site.ts';
import { bookingApp, ZONE, type BookingCtx as Ctx } from './helpers/club.ts';
import { testClock } from './helpers/clock.ts';
import { ledgerOf, ORIGIN, outboxOf, pathOf, press, signedPost } from './helpers/money.ts';
import { blockServicesOf } from './helpers/services.ts';

describe('gift cards, lapsed holds and late cancellations', () => {
  let ctx: Ctx;
  const clock = testClock();
  const post = (fields: Record<string, string>) => signedPost(ctx.app, ctx.services.signer, '/club/rooms', fields);
  const good = { _booking: 'rooms', choice: 'vault', party: '4', name: 'Lee Park', email: 'lee@example.com' };
  const site = () => ctx.app.fleetHolder.current.sites.get('club') as Site;
  const bookingsAt = async (slot: string) => (await (await ctx.services.store.tenant('club')).list('bookings')).filter((b) => b.slotId === slot);
  const services = () => blockServicesOf(ctx.app, ctx.services, ORIGIN);
  /** The outbox's messages with quoted-printable line breaks joined, to read as sent. */
  const mails = async () => (await outboxOf(ctx.dataDir)).map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  const balance = (code: string) => certificateBalance(services(), site(), code);
  /** A local date `days` after the test clock's today. */
  const day = (days: number) => addDays(localDate(clock.now(), ZONE), days);
  beforeAll(async () => {
    ctx = await bookingApp(clock.now);
    await issueCertificate(services(), site(), { code: 'ROOM-2345-6789', amount: 10_000, key: 'issue:big' });
    await issueCertificate(services(), site(), { code: 'ROOM-ABCD-EFGH', amount: 3_000, key: 'issue:small' });
    await issueCertificate(services(), site(), { code: 'ROOM-XYZ2-XYZ3', amount: 5_000, key: 'issue:old', details: { validUntil: '2020-01-31' } });
  });
  afterAll(() => ctx.app.close());

  it('is paid whole by a gift card with enough on it: no checkout, confirmed at once, given back when cancelled in time', async () => {
    const slot = `${day(5)}T10:00`;
    const sent = await post({ ...good, slot, gift: 'room 2345 6789' });
    expect(sent.statusCode).toBe(303);
    const view = pathOf(sent.headers.location);
    expect(view).toMatch(/^\/club\/rooms\?booking=[^#]+#rooms$/);
    expect(await balance('ROOM-2345-6789')).toBe(2_000);
    const [booking] = await bookingsAt(slot);
    expect(booking).toMatchObject({ status: 'confirmed', gift: 'ROOM-2345-6789', giftAmount: 8_000 });
    expect((await ledgerOf(ctx.services.store, 'club')).filter((e) => e.type === 'checkout-opened')).toEqual([]);
    const page = await ctx.app.inject(view);
    expect(page.body).toContain('<strong>Confirmed</strong>');
    expect(page.body).toContain('$80 paid from ROOM-2345-6789');
    expect((await mails()).some((m) => m.includes('Gift card ROOM-2345-6789: $80 taken from it.'))).toBe(true);

    const token = decodeURIComponent(view.split('booking=')[1]?.split('#')[0] ?? '');
    const cancelled = await post({ _booking: 'rooms', _cancel: token });
    expect(cancelled.statusCode).toBe(303);
    expect(await balance('ROOM-2345-6789')).toBe(10_000);
    expect((await ctx.app.inject(pathOf(cancelled.headers.location))).body).toContain('$80 put back on ROOM-2345-6789');
    // Cancelled twice: given back once.
    await post({ _booking: 'rooms', _cancel: token });
    expect(await balance('ROOM-2345-6789')).toBe(10_000);
  });

  it('takes a small card’s balance first and the rest by card, and refuses unknown, expired and empty cards beside the field', async () => {
    const slot = `${day(6)}T10:00`;
    const sent = await post({ ...good, slot, gift: 'ROOM-ABCD-EFGH' });
    expect(sent.statusCode).toBe(303);
    const checkoutPath = pathOf(sent.headers.location);
    const checkout = checkoutPath.split('/').pop();
    const opened = (await ledgerOf(ctx.services.store, 'club')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    expect(opened).toMatchObject({ amount: 5_000, details: { gift: 'ROOM-ABCD-EFGH', giftAmount: 3_000 } });
    expect(await balance('ROOM-ABCD-EFGH')).toBe(3_000);
    await press(ctx.app, checkoutPath, 'pay');
    expect(await balance('ROOM-ABCD-EFGH')).toBe(0);
    expect((await bookingsAt(slot))[0]).toMatchObject({ status: 'confirmed', checkout, gift: 'ROOM-ABCD-EFGH', giftAmount: 3_000 });

    const before = (await (await ctx.services.store.tenant('club')).list('bookings')).length;
    const cases: [string, number, string][] = [
      ['ROOM-ZZZZ-ZZZZ', 422, 'No certificate has that code.'],
      ['not a code', 422, 'No certificate has that code.'],
      ['ROOM-XYZ2-XYZ3', 422, 'past its last day'],
      ['ROOM-ABCD-EFGH', 422, 'Nothing is left on this gift card.'],
    ];
    for (const [gift, status, message] of cases) {
      const answer = await post({ ...good, slot: `${day(7)}T10:00`, gift });
      expect(answer.statusCode, gift).toBe(status);
      expect(answer.body).toContain(message);
      expect(answer.body).toMatch(/id="book-rooms-gift-error"/);
    }
    expect((await (await ctx.services.store.tenant('club')).list('bookings')).length).toBe(before);
  });

  it('lets a hold lapse after ten minutes: the time goes to the next visitor, and the late payment is refunded', async () => {
    const slot = `${day(8)}T14:00`;
    const first = await post({ ...good, slot, email: 'first@example.com' });
    expect(first.statusCode).toBe(303);
    const taken = await post({ ...good, slot, email: 'second@example.com' });
    expect(taken.statusCode).toBe(409);

    clock.advance(10 * 60_000 + 1);
    await runScheduled(ctx.app.fleetHolder.current, services(), { info: () => {}, error: () => {} }, clock.now());
    expect((await bookingsAt(slot)).map((b) => b.status)).toEqual(['expired']);
    const second = await post({ ...good, slot, email: 'second@example.com' });
    expect(second.statusCode).toBe(303);

    // The first visitor pays late: their time is someone else's now, so the money goes back.
    const firstCheckout = pathOf(first.headers.location);
    await press(ctx.app, firstCheckout, 'pay');
    const ledger = await ledgerOf(ctx.services.store, 'club');
    expect(ledger.some((e) => e.checkout === firstCheckout.split('/').pop() && e.type === 'refunded')).toBe(true);
    expect((await mails()).some((m) => m.includes('was taken by someone else while you were paying'))).toBe(true);
    await press(ctx.app, pathOf(second.headers.location), 'pay');
    expect((await bookingsAt(slot)).map((b) => [b.email, b.status])).toEqual([
      ['first@example.com', 'expired'],
      ['second@example.com', 'confirmed'],
    ]);
  });

  it('refuses to cancel online inside the window, says until when it could, and keeps the booking', async () => {
    const slot = `${day(9)}T10:00`;
    const sent = await post({ ...good, slot });
    await press(ctx.app, pathOf(sent.headers.location), 'pay');
    const [booking] = await bookingsAt(slot);
    const token = ctx.services.signer.sign(`booking:club:${String(booking?.id)}`);
    clock.advance(Date.parse(String(booking?.startUtc)) - 12 * 3_600_000 - clock.now());
    const late = await post({ _booking: 'rooms', _cancel: token });
    expect(late.statusCode).toBe(422);
    expect(late.body).toContain('It is too late to cancel this booking online: bookings can be cancelled until');
    expect(late.body).toContain('Please call us on (555) 555-0100.');
    expect((await bookingsAt(slot))[0]).toMatchObject({ status: 'confirmed' });
    expect((await ledgerOf(ctx.services.store, 'club')).filter((e) => e.type === 'refunded' && e.checkout === booking?.checkout)).toEqual([]);
  });
});
