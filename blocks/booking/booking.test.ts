import { describe, expect, it } from 'vitest';
import { optionOf } from './booking.ts';
import { optionsOf } from '../kits/scheduling/bookable.ts';
import { booking } from './index.tsx';
import type { BookingProps } from './schema.ts';
import { depositWords, splitOf } from './deposit.ts';
import type { Site } from '../../runtime/site.ts';

const site = { site: { name: 'Club', language: 'en-US' }, payments: { currency: 'USD' } } as never;

const rooms: BookingProps = {
  ...booking.example,
  resource: 'rooms',
  choices: [
    { resource: 'vault', label: 'The Vault' },
    { resource: 'den', label: 'The Den', durationMinutes: 90, party: { min: 3, max: 6 }, price: { perSlot: 150 } },
  ],
};

describe('the things a booking block books', () => {
  it('is the block itself without choices, else each choice with the block’s values where it gives none', () => {
    expect(optionsOf(booking.example)).toEqual([booking.example]);
    const [vault, den] = optionsOf(rooms);
    expect(vault).toMatchObject({ resource: 'vault', label: 'The Vault', capacity: 1, party: booking.example.party, price: booking.example.price });
    expect(vault?.timetable).toEqual(booking.example.timetable);
    expect(den).toMatchObject({ resource: 'den', party: { min: 3, max: 6 }, price: { perSlot: 150 } });
    expect(den?.timetable).toEqual({ ...booking.example.timetable, durationMinutes: 90 });
    expect(optionOf(rooms, undefined)?.resource).toBe('vault');
    expect(optionOf(rooms, 'den')?.resource).toBe('den');
    expect(optionOf(rooms, 'attic')).toBeUndefined();
  });

  it('adds a choice’s own closed days to the block’s, and its own exceptions in place of the block’s for the same day', () => {
    const block: BookingProps = {
      ...booking.example,
      timetable: {
        ...booking.example.timetable,
        closed: ['2026-12-25'],
        exceptions: [
          { date: '2026-12-24', starts: [] },
          { date: '2026-12-31', starts: [] },
        ],
      },
      choices: [
        { resource: 'barbell', label: 'Barbell', closed: ['2026-11-26'], exceptions: [{ date: '2026-12-24', starts: ['08:00'] }] },
        { resource: 'yoga', label: 'Yoga' },
      ],
    };
    const [barbell, yoga] = optionsOf(block);
    expect(barbell?.timetable.closed).toEqual(['2026-12-25', '2026-11-26']);
    expect(barbell?.timetable.exceptions).toEqual([
      { date: '2026-12-31', starts: [] },
      { date: '2026-12-24', starts: ['08:00'] },
    ]);
    expect(yoga?.timetable).toEqual(block.timetable);
  });

  it('finds a problem where it is written: in the choice that gives the value, or in the block', () => {
    const issues = booking.check?.(
      {
        ...rooms,
        choices: [
          { resource: 'vault', label: 'The Vault', party: { min: 5, max: 2 } },
          { resource: 'vault', label: 'The Vault again', price: { perPerson: 10, perSlot: 40 } },
          { resource: 'rooms', label: 'The block’s own name' },
        ],
      },
      site,
    );
    expect(issues?.map((i) => [i.path.join('.'), i.code])).toEqual([
      ['choices.0.party.min', 'SW_OUT_OF_RANGE'],
      ['choices.1.price', 'SW_NOT_ALLOWED'],
      ['choices.1.resource', 'SW_NOT_UNIQUE'],
      ['choices.2.resource', 'SW_NOT_UNIQUE'],
    ]);
    const shared = booking.check?.({ ...rooms, party: { min: 9, max: 3 } }, site);
    // A block value every choice takes is reported once, at the block.
    expect(shared?.map((i) => i.path.join('.'))).toEqual(['party.min']);
  });

  it('finds a closed day that never comes in the timetable or the choice that lists it', () => {
    const timetable = { ...rooms.timetable, closed: ['12-25', '02-30'] };
    const alone = booking.check?.({ ...booking.example, timetable }, site);
    expect(alone?.map((i) => [i.path.join('.'), i.code, i.edit])).toEqual([['timetable.closed.1', 'SW_BAD_FORMAT', { value: '"02-28"' }]]);
    const issues = booking.check?.(
      {
        ...rooms,
        timetable,
        choices: [
          { resource: 'vault', label: 'The Vault', closed: ['12-24', '04-31'] },
          { resource: 'den', label: 'The Den' },
        ],
      },
      site,
    );
    expect(issues?.map((i) => i.path.join('.'))).toEqual(['timetable.closed.1', 'choices.0.closed.1']);
  });
});

describe('a deposit and the block’s own questions, as the author writes them', () => {
  const codes = (props: BookingProps) => booking.check?.(props, site)?.map((i) => [i.path.join('.'), i.code]);

  it('refuses a deposit given two ways, or as large as the price of some booking, where it is written', () => {
    // The example: $30 a player, 2 to 6 players.
    expect(codes({ ...booking.example, deposit: { perSlot: 50 } })).toEqual([]);
    expect(codes({ ...booking.example, deposit: { perSlot: 60 } })).toEqual([['deposit.perSlot', 'SW_OUT_OF_RANGE']]);
    expect(codes({ ...booking.example, deposit: { perPerson: 30 } })).toEqual([['deposit.perPerson', 'SW_OUT_OF_RANGE']]);
    expect(codes({ ...booking.example, deposit: { perSlot: 10, percent: 20 } })).toEqual([['deposit', 'SW_NOT_ALLOWED']]);
    expect(codes({ ...booking.example, deposit: { perSlot: 10.005 } })).toEqual([['deposit.perSlot', 'SW_AMOUNT']]);
    // A choice that takes the block's deposit with a smaller price of its own: found at the block's deposit; its own deposit, at the choice.
    const cheap = { resource: 'den', label: 'The Den', price: { perSlot: 40 } };
    expect(codes({ ...rooms, deposit: { perSlot: 50 }, choices: [rooms.choices?.[0] as never, cheap] })).toEqual([['deposit.perSlot', 'SW_OUT_OF_RANGE']]);
    expect(codes({ ...rooms, choices: [rooms.choices?.[0] as never, { ...cheap, deposit: { perSlot: 45 } }] })).toEqual([
      ['choices.1.deposit.perSlot', 'SW_OUT_OF_RANGE'],
    ]);
  });

  it('splits a price into what is paid now and at the visit, in minor units, and says it before a time is chosen', () => {
    const shop = { data: { site: { name: 'Spokes', language: 'en-US' }, payments: { currency: 'USD' } } } as unknown as Site;
    const service = { ...booking.example, price: { perSlot: 109 }, deposit: { perSlot: 20 } };
    expect(splitOf(shop, service, 1, 10900)).toEqual({ total: 10900, now: 2000, balance: 8900 });
    expect(depositWords(shop, service)).toBe('$20 deposit now, $89 at the visit');
    const perBike = { ...booking.example, unit: { one: 'bike', other: 'bikes' }, price: { perPerson: 25 }, deposit: { perPerson: 5 } };
    expect(splitOf(shop, perBike, 3, 7500)).toEqual({ total: 7500, now: 1500, balance: 6000 });
    expect(depositWords(shop, perBike)).toBe('$5 deposit a bike now, $20 a bike at the visit');
    const share = { ...perBike, deposit: { percent: 25 } };
    expect(splitOf(shop, share, 3, 7500)).toEqual({ total: 7500, now: 1875, balance: 5625 });
    expect(depositWords(shop, share)).toBe('25% deposit now, the rest at the visit');
    expect(splitOf(shop, booking.example, 4, 12000)).toEqual({ total: 12000, now: 12000, balance: 0 });
    expect(depositWords(shop, booking.example)).toBeUndefined();
  });

  it('gives each choice its own unit and deposit, or the block’s', () => {
    const block: BookingProps = {
      ...rooms,
      unit: { one: 'bike', other: 'bikes' },
      deposit: { percent: 20 },
      choices: [
        { resource: 'tune-up', label: 'Tune-up' },
        { resource: 'wash', label: 'Dog wash', unit: { one: 'dog', other: 'dogs' }, deposit: { perSlot: 5 } },
      ],
    };
    const [tune, wash] = optionsOf(block);
    expect(tune).toMatchObject({ unit: { one: 'bike', other: 'bikes' }, deposit: { percent: 20 } });
    expect(wash).toMatchObject({ unit: { one: 'dog', other: 'dogs' }, deposit: { perSlot: 5 } });
  });

  it('refuses questions the form already asks, files, a name twice and a list without choices', () => {
    const fields = [
      { name: 'email', label: 'E-mail', kind: 'email' as const, required: true },
      { name: 'phone', label: 'Phone', kind: 'phone' as const, required: false },
      { name: 'phone', label: 'Other phone', kind: 'phone' as const, required: false },
      { name: 'photo', label: 'A photo of the bike', kind: 'file' as const, required: false },
      { name: 'size', label: 'Frame size', kind: 'select' as const, required: false },
      { name: 'serial', label: 'Serial', kind: 'text' as const, required: false, pattern: '([' },
    ];
    expect(codes({ ...booking.example, fields })).toEqual([
      ['fields.0.name', 'SW_NOT_ALLOWED'],
      ['fields.2.name', 'SW_DUPLICATE_NAME'],
      ['fields.3.kind', 'SW_NOT_ALLOWED'],
      ['fields.4', 'SW_MISSING_KEY'],
      ['fields.5.pattern', 'SW_BAD_FORMAT'],
    ]);
  });
});
