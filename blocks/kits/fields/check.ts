/**
 * What JSON Schema cannot say about one question an author wrote: a list with no choices, a
 * pattern that is no regular expression, date bounds that are not days of the calendar or that
 * leave no date to choose. Each problem is placed at the question (`at`, its path in the block).
 */
import type { BlockIssue } from '../../contract.ts';
import { isRealDate } from '../../../runtime/services/time.ts';
import type { FormField } from './schema.ts';

export function fieldIssues(field: FormField, at: (string | number)[]): BlockIssue[] {
  const issues: BlockIssue[] = [];
  const needsOptions = field.kind === 'select' || field.kind === 'radio' || field.kind === 'checkboxes';
  if (needsOptions && !field.options?.length) {
    issues.push({
      path: at,
      target: 'key',
      code: 'SW_MISSING_KEY',
      detail: `The ${field.kind} question "${field.name}" has no "options".`,
      fix: 'add "options:", a list of the choices.',
    });
  }
  if (field.kind === 'date') issues.push(...dateBoundIssues(field, at));
  if (field.pattern) {
    try {
      new RegExp(field.pattern, 'u');
    } catch (error) {
      issues.push({
        path: [...at, 'pattern'],
        code: 'SW_BAD_FORMAT',
        detail: `"${field.pattern}" is not a regular expression that can be used: ${(error as Error).message}.`,
        fix: 'check the brackets and backslashes, or remove the pattern.',
      });
    }
  }
  return issues;
}

/**
 * A date field's bounds that the schema's pattern lets through but that cannot be: a date not on the
 * calendar (2026-02-30), or a first date after the last.
 */
function dateBoundIssues(field: FormField, at: (string | number)[]): BlockIssue[] {
  const issues: BlockIssue[] = [];
  for (const key of ['min', 'max'] as const) {
    const bound = field[key];
    if (typeof bound === 'string' && /^\d{4}-/.test(bound) && !isRealDate(bound))
      issues.push({
        path: [...at, key],
        code: 'SW_BAD_FORMAT',
        detail: `"${bound}" is not a day of the calendar ("${key}" of the date question "${field.name}").`,
        fix: `write a real date, written year-month-day, like ${key}: ${key === 'min' ? '2026-12-01' : '2026-12-31'}`,
      });
  }
  // Both fixed dates, or both days from today: the first must not come after the last.
  const days = (b: unknown) => (b === 'today' ? 0 : typeof b === 'string' && /^[+-]\d+d$/.test(b) ? parseInt(b, 10) : undefined);
  const { min, max } = field;
  const fixed = typeof min === 'string' && typeof max === 'string' && isRealDate(min) && isRealDate(max);
  const relative = days(min) !== undefined && days(max) !== undefined;
  if ((fixed && min > max) || (relative && (days(min) as number) > (days(max) as number)))
    issues.push({
      path: [...at, 'max'],
      code: 'SW_OUT_OF_RANGE',
      detail: `The latest date (${String(max)}) comes before the earliest (${String(min)}) for the date question "${field.name}": no date could be chosen.`,
      fix: `make "max" no earlier than "min", or swap them.`,
    });
  return issues;
}
