import { describe, expect, it } from 'vitest';
import { optionOf } from './booking.ts';
import { optionsOf } from '../kits/scheduling/bookable.ts';
import { booking } from './index.tsx';
import type { BookingProps } from './schema.ts';

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
