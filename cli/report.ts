import type { Fleet } from '../runtime/fleet.ts';
import { formatProblem } from '../runtime/config/problem.ts';
import type { LoadResult } from '../runtime/config/load-site.ts';

/** Every problem of every site, in the author-facing form, sites in name order and problems by line. */
export function formatResults(results: readonly LoadResult[]): string {
  return results
    .filter((r) => r.problems.length)
    .map((r) => r.problems.map((p) => formatProblem(p, r.source)).join('\n\n'))
    .join('\n\n');
}

export function summary(fleet: Fleet, ms: number): string {
  const all = fleet.results.flatMap((r) => r.problems);
  const errors = all.filter((p) => p.severity === 'error').length;
  const warnings = all.length - errors;
  const invalid = fleet.results.length - fleet.sites.size;
  return `${fleet.results.length} site${fleet.results.length === 1 ? '' : 's'} checked: ${fleet.sites.size} valid, ${invalid} invalid; ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} (${ms} ms)`;
}
