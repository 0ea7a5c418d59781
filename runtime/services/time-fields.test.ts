import { describe, expect, it } from 'vitest';
import { fieldsAt, partsAt } from './time.ts';

/** Zones whose offsets or changes are not whole hours, and ones with summer time on either side of the equator. */
const ZONES = ['America/Chicago', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago', 'UTC'];

describe("an instant's fields in a zone", () => {
  it('read from the kept quarter-hour offset are what Intl reads, across a year of changes', () => {
    const start = Date.UTC(2026, 0, 1);
    const mismatches: string[] = [];
    for (const zone of ZONES) {
      // Every 37 minutes and 13 seconds for thirteen months, never on a quarter hour for long: every change of offset is passed through.
      for (let ms = start; ms < start + 400 * 86_400_000; ms += 2_233_000) {
        const kept = fieldsAt(ms, zone);
        const read = partsAt(ms, zone);
        if (JSON.stringify(kept) !== JSON.stringify(read)) mismatches.push(`${zone} ${new Date(ms).toISOString()}`);
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
