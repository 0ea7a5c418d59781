/**
 * A pool of places over HTTP, on the embedded store: a bike shop's bench takes two bikes at once,
 * whatever the service, and each service lasts its own time. Bookings that overlap share the bench,
 * those that only follow each other do not; the pages show what the bench has left; a cancellation
 * gives the place back; and however many book at once, the bench never takes a third bike.
 * (The same race across two instances on PostgreSQL is in booking-pools-postgres.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS } from '../blocks/registry.ts';
import { formatResults } from '../cli/report.ts';
import { loadFleet } from '../runtime/fleet.ts';
import { appWithData } from './helpers/app.ts';
import { dayAhead, radioOf } from './helpers/club.ts';
import { ledgerOf, pathOf, press } from './helpers/money.ts';
import { eBikeCheck, notesFor, onTheBench, POOLS_BROKEN, POOLS_FLEET, repair, SERVICES, sessionNote } from './helpers/spokes.ts';

type Ctx = Awaited<ReturnType<typeof appWithData>>;

describe('services sharing one bench', () => {
  let ctx: Ctx;
  const book = (service: string, slot: string, more: Record<string, string> = {}) => repair(ctx.app, ctx.services.signer, service, slot, more);
  beforeAll(async () => {
    ctx = await appWithData(POOLS_FLEET);
  });
  afterAll(() => ctx.app.close());

  // 200 posts, each answered with the whole page: about 15 s on a quiet machine, several times that on two busy cores.
  it('gives the bench’s two places to exactly two of 200 booking three services at once', { timeout: 180_000 }, async () => {
    const date = dayAhead(5);
    const slot = `${date}T11:00`;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => book(SERVICES[i % 3] as string, slot, { email: `rider${i}@example.com` })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 303)).toHaveLength(2);
    expect(codes.filter((c) => c !== 303 && c !== 409)).toEqual([]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.body).toContain('That time has just been taken');
    const slotStart = (await (await ctx.services.store.tenant('spokes')).list('bookings', { slotId: slot }))[0]?.startUtc as string;
    expect(await onTheBench(ctx.services.store, slotStart)).toBe(2);
    // Every service says so at 11:00, whichever two got the bench.
    for (const service of SERVICES) expect((await notesFor(ctx.app, '/spokes/repairs', service, date))[slot], service).toBe('Full');
  });

  it('counts a tune-up and a flat fix against the bench while they overlap, and shows every service what is left', async () => {
    const date = dayAhead(6);
    const at = (time: string) => `${date}T${time}`;
    // A 60-minute tune-up at 11:00 and a 30-minute flat fix at 11:30 fill the bench from 11:30 to 12:00.
    expect((await book('tune-up', at('11:00'))).statusCode).toBe(303);
    expect((await book('flat-fix', at('11:30'))).statusCode).toBe(303);

    // The overhaul (two hours) has no place at any time that meets 11:30–12:00, nor a third bike at all; at 12:00 the bench is free.
    expect(await notesFor(ctx.app, '/spokes/repairs', 'overhaul', date)).toEqual({
      [at('10:00')]: 'Full',
      [at('10:30')]: 'Full',
      [at('11:00')]: 'Full',
      [at('11:30')]: 'Full',
      [at('12:00')]: '2 places left',
    });
    expect(await notesFor(ctx.app, '/spokes/repairs', 'flat-fix', date)).toEqual({
      [at('10:00')]: '2 places left',
      [at('10:30')]: '2 places left',
      [at('11:00')]: '1 place left',
      [at('11:30')]: 'Full',
      [at('12:00')]: '2 places left',
    });
    const overhaul = await ctx.app.inject(`/spokes/repairs?choice=overhaul&date=${date}`);
    expect(radioOf(overhaul.body, at('11:00'))).toContain('disabled=""');
    expect(radioOf(overhaul.body, at('12:00'))).not.toContain('disabled');
    // The e-bike check, another block on another page, draws on the same bench.
    expect(await notesFor(ctx.app, '/spokes/e-bikes', undefined, date)).toEqual({ [at('11:30')]: 'Full' });
    // The script that fetches another day is told the same.
    const json = (await ctx.app.inject(`/spokes/repairs?_data=booking&choice=tune-up&date=${date}`)).json<{ slots: { id: string; note: string }[] }>();
    expect(json.slots.find((s) => s.id === at('11:00'))?.note).toBe('Full');

    // Asked for anyway, a time that meets the full half hour is refused; two bikes at 12:00, which only follows it, are taken.
    const refused = await book('overhaul', at('10:30'));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('That time has just been taken');
    expect((await book('tune-up', at('11:30'))).statusCode).toBe(409);
    expect((await eBikeCheck(ctx.app, ctx.services.signer, at('11:30'))).statusCode).toBe(409);
    expect((await book('flat-fix', at('12:00'), { party: '2' })).statusCode).toBe(303);
    // Two bikes where the bench has room for one: the number is what to change, and it is said so.
    const tooMany = await book('flat-fix', at('11:00'), { party: '2' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.body).toContain('There is room for only 1 person at that time: choose fewer, or another time.');
    expect((await book('flat-fix', at('11:00'))).statusCode).toBe(303);
    expect(await notesFor(ctx.app, '/spokes/repairs', 'tune-up', date)).toEqual({
      [at('10:00')]: '2 places left',
      [at('10:30')]: 'Full',
      [at('11:00')]: 'Full',
      [at('11:30')]: 'Full',
      [at('12:00')]: 'Full',
    });

    // The week's timetable counts the bench too.
    const week = (await ctx.app.inject('/spokes/repairs')).body;
    expect(sessionNote(week, at('11:00'), 'Overhaul')).toBe('Full');
    expect(sessionNote(week, at('10:00'), 'Tune-up')).toBe('2 places left');
    expect(sessionNote(week, at('12:00'), 'Tune-up')).toBe('Full');
  });

  it('confirms a paid booking on the bench, and gives its place back to every service when it is cancelled', async () => {
    const date = dayAhead(7);
    const slot = `${date}T11:00`;
    const first = await book('tune-up', slot);
    expect((await book('overhaul', slot)).statusCode).toBe(303);
    expect((await notesFor(ctx.app, '/spokes/repairs', 'flat-fix', date))[slot]).toBe('Full');
    // The tune-up is paid: confirmed, it keeps its place.
    const paid = await press(ctx.app, pathOf(first.headers.location), 'pay');
    expect(paid.statusCode).toBe(303);
    const checkout = pathOf(first.headers.location).split('/').pop();
    const opened = (await ledgerOf(ctx.services.store, 'spokes')).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
    const token = (opened?.details as { token: string }).token;
    const [booking] = (await (await ctx.services.store.tenant('spokes')).list('bookings', { slot: `tune-up@${slot}` })).filter((b) => b.status === 'confirmed');
    expect(booking).toMatchObject({ pool: 'workbench', poolCapacity: 2, places: 1 });
    expect((await notesFor(ctx.app, '/spokes/repairs', 'flat-fix', date))[slot]).toBe('Full');
    // Cancelled: the flat fix, whose own slot has nothing taken, gets the bench’s place back.
    const cancelled = await repair(ctx.app, ctx.services.signer, 'tune-up', slot, { _cancel: token });
    expect(cancelled.statusCode).toBe(303);
    expect((await notesFor(ctx.app, '/spokes/repairs', 'flat-fix', date))[slot]).toBe('1 place left');
    expect((await book('flat-fix', slot)).statusCode).toBe(303);
  });
});

describe('a pool written wrongly', () => {
  it('is refused at the line of each mistake, saying what the bench has and what to write', async () => {
    const fleet = await loadFleet(POOLS_BROKEN, BLOCKS);
    expect(fleet.sites.size).toBe(0);
    const printed = formatResults(fleet.results);
    expect(printed).toContain('spokes/site.yaml:45:23  SW_OUT_OF_RANGE');
    expect(printed).toContain('Each time has 3 places, but the pool "workbench" it draws on has only 2 at any moment: the rest could never be booked.');
    expect(printed).toContain('Fix: lower capacity to 2 or less, or raise pool.capacity to 3.');
    expect(printed).toContain('spokes/site.yaml:78:21  SW_OUT_OF_RANGE');
    expect(printed).toContain(
      'The pool "workbench" has 2 places where it is first named (the booking block "Book a repair" on /repairs), but 3 here: blocks naming one pool share its places, so they must give it the same size.',
    );
    expect(printed.match(/ SW_[A-Z_]+ /g)).toEqual([' SW_OUT_OF_RANGE ', ' SW_OUT_OF_RANGE ']);
  });
});
