import { knownZone } from '../services/time.ts';
import type { PendingProblem } from './problem.ts';
import { closest } from './suggest.ts';

/** Every zone this runtime lists, with UTC (which Intl knows but does not list). */
const zones = () => [...Intl.supportedValuesOf('timeZone'), 'UTC'];

/** A zone's last part, the city, in one spelling: "America/New_York" → "new_york". */
const cityOf = (word: string) =>
  (word.split('/').pop() ?? word)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The zone a name means, spelt as the list spells it ("europe/london" → "Europe/London"); undefined for a zone there is not. */
export function zoneNamed(word: string): string | undefined {
  const listed = zones().find((zone) => zone.toLowerCase() === word.toLowerCase());
  return listed ?? (knownZone(word) ? word : undefined);
}

/** The zone a name that is none most likely means: its city ("London", "new york"), or a near spelling of a zone or of its city. */
export function nearestZone(word: string): string | undefined {
  const all = zones();
  const city = cityOf(word);
  const ofCity = (name: string | undefined) => (name ? all.find((zone) => cityOf(zone) === name) : undefined);
  return ofCity(city) ?? closest(word, all) ?? ofCity(closest(city, all.map(cityOf)));
}

/** The site's `timeZone`, when it names no zone there is: the schema checks how it is written, this whether it exists. */
export function timeZoneProblems(root: unknown): PendingProblem[] {
  const zone = (root as { site?: { timeZone?: unknown } } | null)?.site?.timeZone;
  if (typeof zone !== 'string' || knownZone(zone)) return [];
  const near = nearestZone(zone);
  return [
    {
      code: 'SW_NOT_ALLOWED',
      path: ['site', 'timeZone'],
      target: 'value',
      detail: `"${zone}" is not a time zone ("timeZone" in the "site" section).`,
      fix: near ? `did you mean "${near}"? Write it like timeZone: ${near}` : 'write an IANA time zone name, like timeZone: America/Chicago',
    },
  ];
}
