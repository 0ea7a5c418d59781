/**
 * A form sent sooner after it was shown than a person fills one in (the time trap): a person who
 * is quick (a password manager, a remembered booking) gets every answer back with what to do, and
 * the page carries the stamp of when the form was first shown, so sending again a moment later
 * goes through. The booking, the form and the donate block (the money forms' shared check) alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../runtime/server/messages.ts';
import { appWithData } from './helpers/app.ts';
import { testClock } from './helpers/clock.ts';
import { bookingApp, dayAhead, radioOf, type BookingCtx } from './helpers/club.ts';
import { donor, lanternForms, openLantern, type Lantern } from './helpers/lantern.ts';
import { pathOf } from './helpers/money.ts';
import { postForm } from './helpers/posts.ts';

const tokenOf = (html: string) => /name="_t" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('a booking sent too quickly', () => {
  const clock = testClock();
  let ctx: BookingCtx;
  beforeAll(async () => {
    ctx = await bookingApp(clock.now, true);
  });
  afterAll(() => ctx.app.close());

  it('comes back with the name, e-mail, party and time kept and says to send again; sent again a moment later, it goes to the checkout', async () => {
    const date = dayAhead(3);
    const slot = `${date}T14:00`;
    const page = await ctx.app.inject(`/club/book?date=${date}`);
    const stamp = tokenOf(page.body);
    expect(stamp).toMatch(/^t\d+\./);
    const answers = { _booking: 'cellar', slot, party: '5', name: 'Quick Quinn', email: 'quinn@example.com' };

    clock.advance(1000);
    const refused = await postForm(ctx.app, '/club/book', { _t: stamp, ...answers });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain(MESSAGES.posts.tooQuick);
    expect(refused.body).toContain('value="Quick Quinn"');
    expect(refused.body).toContain('value="quinn@example.com"');
    expect(radioOf(refused.body, slot)).toContain('checked=""');
    expect(refused.body).toMatch(/<option value="5" selected="">5<\/option>/);
    expect(await (await ctx.services.store.tenant('club')).list('bookings', { slot: `cellar@${slot}` })).toEqual([]);

    // Its form still carries the stamp of when it was first shown, so the time spent on it counts.
    const again = tokenOf(refused.body);
    expect(again).toBe(stamp);
    clock.advance(2000);
    const sent = await postForm(ctx.app, '/club/book', { _t: again, ...answers });
    expect(sent.statusCode).toBe(303);
    expect(pathOf(sent.headers.location)).toMatch(/^\/payments\/test\/club\/[A-Za-z0-9_-]{22}$/);
  });

  it('answers a script with the same problem and the answers, as JSON', async () => {
    const page = await ctx.app.inject(`/club/book?date=${dayAhead(4)}`);
    const res = await postForm(
      ctx.app,
      '/club/book',
      { _t: tokenOf(page.body), _booking: 'cellar', slot: `${dayAhead(4)}T10:00`, party: '2', name: 'Ana', email: 'ana@example.com' },
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: false, problem: MESSAGES.posts.tooQuick, values: { name: 'Ana', email: 'ana@example.com' } });
  });
});

describe('a form sent too quickly', () => {
  const clock = testClock();
  let ctx: Awaited<ReturnType<typeof appWithData>>;
  beforeAll(async () => {
    ctx = await appWithData(undefined, undefined, undefined, { signer: { now: clock.now } });
  });
  afterAll(() => ctx.app.close());

  it('comes back with every answer and says to send again; sent again a moment later, it is kept', async () => {
    const stamp = tokenOf((await ctx.app.inject('/gamma/contact')).body);
    const answers = { _form: 'contact', fullName: 'Quick Quinn', email: 'quinn@example.com', topic: 'Leak', message: 'Water after the rain.' };
    const refused = await postForm(ctx.app, '/gamma/contact', { _t: stamp, ...answers });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(MESSAGES.posts.tooQuick);
    expect(refused.body).toContain('value="Quick Quinn"');
    expect(refused.body).toContain('Water after the rain.</textarea>');
    const tenant = await ctx.services.store.tenant('gamma');
    expect(await tenant.list('submissions', { form: 'contact' })).toEqual([]);

    clock.advance(3000);
    const sent = await postForm(ctx.app, '/gamma/contact', { _t: tokenOf(refused.body), ...answers });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/gamma/contact?sent=contact#contact');
    expect(await tenant.list('submissions', { form: 'contact' })).toMatchObject([{ answers: { fullName: 'Quick Quinn' } }]);
  });

  it('from a robot that fills the trap field or forges the stamp is still answered as if it were kept', async () => {
    const answers = { _form: 'contact', fullName: 'Bot', email: 'bot@example.com', topic: 'Leak', message: 'Spam.' };
    const trapped = await postForm(ctx.app, '/gamma/contact', { _t: ctx.services.signer.timeToken(clock.now() - 10_000), _hp: 'x', ...answers });
    const forged = await postForm(ctx.app, '/gamma/contact', { _t: `t${clock.now() - 10_000}.AAAA`, ...answers });
    expect([trapped.statusCode, forged.statusCode]).toEqual([303, 303]);
  });
});

describe('a gift sent too quickly (every money form’s check)', () => {
  let ctx: Lantern;
  beforeAll(async () => {
    ctx = await openLantern([]);
  });
  afterAll(() => ctx.app.close());
  const { post, ledger } = lanternForms(() => ctx);

  it('comes back with the answers, says to send again and charges nothing', async () => {
    const before = (await ledger()).length;
    const stamp = ctx.services.signer.timeToken(Date.now() - 500);
    const res = await post('/lantern/donate', { ...donor, gift: '2500', _t: stamp });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(MESSAGES.posts.tooQuick);
    expect(res.body).toContain('value="Ana Ruiz"');
    expect(tokenOf(res.body)).toBe(stamp);
    expect(ctx.services.signer.checkTimeToken(tokenOf(res.body), Date.now() + 3000)).toBe('ok');
    expect((await ledger()).length).toBe(before);
  });
});
