import { knownZone } from '../services/time.ts';
import type { PendingProblem } from './problem.ts';
import { closest } from './suggest.ts';

/** The site's `timeZone`, when it names no zone there is: the schema checks how it is written, this whether it exists. */
export function timeZoneProblems(root: unknown): PendingProblem[] {
  const zone = (root as { site?: { timeZone?: unknown } } | null)?.site?.timeZone;
  if (typeof zone !== 'string' || knownZone(zone)) return [];
  const near = closest(zone, Intl.supportedValuesOf('timeZone'));
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
