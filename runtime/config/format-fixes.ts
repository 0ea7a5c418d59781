/** What to write instead of a value in the wrong form (a phone number, a time, a colour, a date, an address), worked out from what was written. */
import { yamlValue } from './suggest.ts';
import { asText } from '../text.ts';

/** "5pm" → "17:00", "9:30 am" → "09:30". */
function to24h(value: string): string | undefined {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i.exec(value.trim());
  if (!m) return undefined;
  const h = (Number(m[1]) % 12) + ((m[3] as string).toLowerCase() === 'p' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m[2] ?? '00'}`;
}

const KEYPAD: Record<string, string> = Object.fromEntries(
  ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'].flatMap((letters, i) => [...letters].map((l) => [l, String(i + 2)])),
);

/** Colour names authors write, as hex colours dark enough to carry white text where they can. */
const COLOUR_NAMES: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#b91c1c',
  green: '#15803d',
  blue: '#1d4ed8',
  navy: '#1e3a8a',
  teal: '#0f766e',
  purple: '#6b21a8',
  orange: '#c2410c',
  yellow: '#a16207',
  brown: '#78350f',
  gray: '#4b5563',
  grey: '#4b5563',
  pink: '#be185d',
  maroon: '#7f1d1d',
  olive: '#4d7c0f',
  gold: '#a16207',
  beige: '#d6c7a1',
  cream: '#fdf6e3',
  silver: '#9ca3af',
  crimson: '#9f1239',
  coral: '#c2410c',
  turquoise: '#0e7490',
  indigo: '#4338ca',
  violet: '#6d28d9',
  lime: '#4d7c0f',
  forest: '#166534',
  charcoal: '#374151',
};

const MONTH_DAYS = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Dec 25", "December 25", "25 December", "12/25" → "12-25": a month and day as a closed day every year is written. */
function monthDay(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  const named = /^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?$/.exec(text) ?? /^(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3,})\.?$/.exec(text);
  const [word, day] = named ? (/^\d/.test(named[1] as string) ? [named[2], named[1]] : [named[1], named[2]]) : [];
  const month = word ? MONTH_NAMES.findIndex((m) => m.toLowerCase().startsWith(word)) + 1 : 0;
  const numbers = /^(\d{1,2})[/.](\d{1,2})$/.exec(text);
  // Month first unless that cannot be: 25/12 is day-month.
  const [m, d] = month
    ? [month, Number(day)]
    : numbers
      ? Number(numbers[1]) > 12
        ? [Number(numbers[2]), Number(numbers[1])]
        : [Number(numbers[1]), Number(numbers[2])]
      : [0, 0];
  return m >= 1 && m <= 12 && d >= 1 && d <= MONTH_DAYS(2000, m) ? `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` : undefined;
}

/** The title of a closed day, written as one date or as a month and day that comes every year. */
const YEARLY_DATE = 'a date written YYYY-MM-DD, or MM-DD for every year';

/** What to write instead of a value in the wrong form, worked out from what was written where it can be. */
export function formatFix(
  title: string | undefined,
  format: string | undefined,
  key: string,
  value: string,
  example: unknown,
): { fix: string; replacement?: string; detail?: string } {
  const like = (replacement: string, why = 'write it like') => ({ fix: `${why} ${key}: ${replacement}`, replacement });
  const fallback = example !== undefined ? like(yamlValue(example)) : { fix: 'check how it is written.' };
  const curly = /^[“”‘’„«»].*[“”‘’„«»]$/.exec(value.trim());
  if (curly) {
    const inner = value.trim().slice(1, -1);
    return {
      fix: `use straight quotes, or none: ${key}: ${yamlValue(inner)}`,
      replacement: yamlValue(inner),
      detail: `The value is wrapped in curly quotes (${value.trim()[0]} ${value.trim().slice(-1)}), which YAML reads as part of the text, not as quotes.`,
    };
  }
  if (title === 'a phone number' && /[a-z]/i.test(value)) {
    const dialled = value.replace(/[a-z]/gi, (l) => KEYPAD[l.toLowerCase()] ?? l);
    return /[a-z]/i.test(dialled) || !/\d{7}/.test(dialled.replace(/\D/g, ''))
      ? { fix: `letters cannot be dialled: write the digits, like ${key}: ${yamlValue(example)}`, replacement: yamlValue(example) }
      : like(yamlValue(dialled), 'letters cannot be dialled everywhere: write the digits they stand for,');
  }
  if (title === 'a 24-hour time (HH:MM)') {
    const h24 = to24h(value) ?? /^(\d):(\d\d)$/.exec(value.trim())?.slice(1).join(':');
    if (h24)
      return like(
        `"${h24.length === 4 ? `0${h24}` : h24}"`,
        /[ap]\.?m/i.test(value) ? 'write the 24-hour time without am or pm, like' : 'write the time with two digits for the hour, like',
      );
  }
  if (title === 'a hex colour') {
    const named = COLOUR_NAMES[value.trim().toLowerCase()];
    const bare = /^[0-9a-f]{6}$|^[0-9a-f]{3}$/i.test(value.trim()) ? `#${value.trim()}` : undefined;
    const hex = named ?? bare;
    return hex
      ? like(`"${hex}"`, `write a hex colour in quotes${named ? ` (${value.trim()} is about ${hex})` : ''}, like`)
      : like(`"${asText(example)}"`, 'write a hex colour in quotes, like');
  }
  if (format === 'date') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
    if (iso) {
      const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
      if (m >= 1 && m <= 12 && d > MONTH_DAYS(y, m)) {
        const last = `${iso[1]}-${iso[2]}-${String(MONTH_DAYS(y, m)).padStart(2, '0')}`;
        return {
          fix: `write a day that exists, such as the last day of ${MONTH_NAMES[m - 1]}: ${key}: ${last}`,
          replacement: last,
          detail: `${MONTH_NAMES[m - 1]} ${y} has ${MONTH_DAYS(y, m)} days, so ${value.trim()} is a day that does not exist.`,
        };
      }
      if (m < 1 || m > 12)
        return { ...fallback, detail: `There is no month ${m}: a date is written year-month-day, and ${value.trim()} has ${m} where the month goes.` };
    }
    const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
    if (us) {
      const [a, b, y] = [Number(us[1]), Number(us[2]), us[3] as string];
      // Month first unless that cannot be: 14/03/2026 is day-month.
      const [m, d] = a > 12 ? [b, a] : [a, b];
      if (m >= 1 && m <= 12 && d >= 1 && d <= MONTH_DAYS(Number(y), m))
        return like(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, 'write the year first, then month and day:');
    }
  }
  if (title === YEARLY_DATE) {
    const day = monthDay(value);
    return day
      ? { fix: `write the month and day as numbers, in quotes, for every year: "${day}"`, replacement: `"${day}"` }
      : { fix: 'write "MM-DD" for the same day every year, such as "12-25", or "YYYY-MM-DD" for one date, such as "2026-11-26".' };
  }
  if (format === 'email' || title === 'an e-mail address') {
    const mended = value
      .trim()
      .replace(/,/g, '.')
      .replace(/\s+/g, '')
      .replace(/^mailto:/i, '');
    if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(mended)) return like(mended);
  }
  if (/https:\/\//.test(title ?? '') || format === 'uri') {
    const bare = value.trim().replace(/^http:\/\//i, '');
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(bare)) return like(`https://${bare}`, 'write the whole address, starting with https://, like');
  }
  if (title === 'a page path' || key === 'path') return { fix: `write a path like "/about" or "/blog/{slug}".` };
  return fallback;
}
