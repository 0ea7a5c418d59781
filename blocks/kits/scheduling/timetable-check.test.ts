import { describe, expect, it } from 'vitest';
import type { Timetable } from './schedule.ts';
import { validateTimetable } from './timetable-check.ts';

describe('validateTimetable', () => {
  const good: Timetable = {
    timeZone: 'America/New_York',
    weekly: [{ days: ['tuesday', 'saturday'], starts: ['09:00', '09:30', '23:59', '00:00'] }],
    durationMinutes: 90,
    leadMinutes: 30,
    horizonDays: 90,
    closed: ['2026-12-25', '2028-02-29'],
    exceptions: [{ date: '2026-12-24', starts: [] }],
  };

  it('finds nothing wrong with a good timetable, overlapping starts included', () => {
    expect(validateTimetable(good)).toEqual([]);
    expect(validateTimetable({ ...good, durationMinutes: 1440 })).toEqual([]);
  });

  it('refuses an unknown time zone and suggests the one meant', () => {
    const problems = validateTimetable({ ...good, timeZone: 'America/New_Yrok' });
    expect(problems.map((p) => p.path)).toEqual([['timeZone']]);
    expect(problems[0]?.fix).toContain('America/New_York');
  });

  it('refuses a day that is not a day and suggests the closest', () => {
    const problems = validateTimetable({ ...good, weekly: [{ days: ['monday', 'tuesdy', 'Someday'], starts: ['10:00'] }] });
    expect(problems.map((p) => p.path)).toEqual([
      ['weekly', 0, 'days', 1],
      ['weekly', 0, 'days', 2],
    ]);
    expect(problems[0]?.fix).toContain('"tuesday"');
    expect(problems[1]?.fix).toContain('monday, tuesday');
  });

  it("refuses start times that are not 'HH:MM' from 00:00 to 23:59", () => {
    const problems = validateTimetable({ ...good, weekly: [{ days: ['monday'], starts: ['25:00', '9:00', '10:00', '12:60', 600] }] });
    expect(problems.map((p) => p.path)).toEqual([
      ['weekly', 0, 'starts', 0],
      ['weekly', 0, 'starts', 1],
      ['weekly', 0, 'starts', 3],
      ['weekly', 0, 'starts', 4],
    ]);
    expect(problems[1]?.fix).toContain("'09:00'");
  });

  it('refuses a date that is not in the calendar, closed or in an exception', () => {
    const problems = validateTimetable({
      ...good,
      closed: ['2026-02-30', '2027-02-29', '2026-12-25'],
      exceptions: [
        { date: '2026-04-31', starts: ['10:00'] },
        { date: '2026-12-31', starts: ['7:00'] },
      ],
    });
    expect(problems.map((p) => p.path)).toEqual([
      ['closed', 0],
      ['closed', 1],
      ['exceptions', 0, 'date'],
      ['exceptions', 1, 'starts', 0],
    ]);
  });

  it('takes a closed day every year as MM-DD, and says why a month and day that never come are wrong, with what to write', () => {
    expect(validateTimetable({ ...good, closed: ['12-25', '02-29', '2026-11-26'] })).toEqual([]);
    const problems = validateTimetable({ ...good, closed: ['02-30', '25-12', '04-31', 'Dec 25', '2027-02-29', '00-00'] });
    expect(problems.map((p) => [p.path, p.detail, p.edit?.value])).toEqual([
      [['closed', 0], '"02-30" is not a day of the year: February has 29 days at most, so there is no February 30.', '"02-28"'],
      [['closed', 1], '"25-12" is not a day of the year: there is no month 25 (a day every year is written month first, then day).', '"12-25"'],
      [['closed', 2], '"04-31" is not a day of the year: April has 30 days at most, so there is no April 31.', '"04-30"'],
      [['closed', 3], '"Dec 25" is not a date of the calendar.', undefined],
      [['closed', 4], '"2027-02-29" is not a day of the calendar: February 2027 has 28 days, so there is no February 29.', '"2027-02-28"'],
      [['closed', 5], '"00-00" is not a day of the year: there is no month 0 (a day every year is written month first, then day).', undefined],
    ]);
    expect(problems[0]?.fix).toBe(
      "Write a day that exists, such as the last day of February: '02-28'. 'MM-DD' closes the same day every year, 'YYYY-MM-DD' one date.",
    );
    expect(problems[1]?.fix).toBe("Write the month first, then the day: '12-25'. 'MM-DD' closes the same day every year, 'YYYY-MM-DD' one date.");
    expect(problems[3]?.fix).toBe(
      "Write a day that exists: 'MM-DD' for the same day every year, such as '12-25', or 'YYYY-MM-DD' for one date, such as '2026-11-26', in quotes.",
    );
  });

  it('refuses a duration that is not 1 minute to 24 hours, and a lead time or horizon out of range', () => {
    for (const durationMinutes of [0, -30, 1441, 1.5, Number.NaN]) {
      expect(validateTimetable({ ...good, durationMinutes }).map((p) => p.path)).toEqual([['durationMinutes']]);
    }
    expect(validateTimetable({ ...good, leadMinutes: -1, horizonDays: 100_000 }).map((p) => p.path)).toEqual([['leadMinutes'], ['horizonDays']]);
  });

  it('describes a timetable of the wrong shape instead of throwing', () => {
    expect(validateTimetable(null).map((p) => p.path)).toEqual([[]]);
    expect(validateTimetable({ weekly: 'mondays' }).map((p) => p.path)).toEqual([['timeZone'], ['weekly'], ['durationMinutes']]);
    expect(validateTimetable({ ...good, weekly: [{ days: 'monday', starts: '10:00' }] }).map((p) => p.path)).toEqual([
      ['weekly', 0, 'days'],
      ['weekly', 0, 'starts'],
    ]);
  });
});
