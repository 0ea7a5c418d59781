/** Problems with a value's size, from ajv's length, range, list size and uniqueness errors. */
import type { PendingProblem } from './problem.ts';
import { capitalise } from './describe.ts';
import { yamlValue } from './suggest.ts';
import { describeValue, type KeywordError } from './keyword-error.ts';

/** minLength: text that is empty, or shorter than it must be. */
export function tooShort({ p, path, field, key, example }: KeywordError): PendingProblem[] {
  if (p.limit === 1)
    return [
      {
        code: 'SW_EMPTY_VALUE',
        path,
        target: 'value',
        detail: `${capitalise(field)} is empty.`,
        fix: example !== undefined ? `write some text between the quotes, such as ${key}: ${yamlValue(example)}` : `write some text between the quotes.`,
        ...(example !== undefined && { edit: { value: yamlValue(example) } }),
      },
    ];
  return [
    {
      code: 'SW_OUT_OF_RANGE',
      path,
      target: 'value',
      detail: `${capitalise(field)} is shorter than ${p.limit} characters.`,
      fix: `write at least ${p.limit} characters.`,
    },
  ];
}

/** maxLength: text longer than fits; the fix is the text cut short. */
export function tooLong({ error, p, path, field, key }: KeywordError): PendingProblem[] {
  const short = shorten(String(error.data), p.limit as number);
  return [
    {
      code: 'SW_OUT_OF_RANGE',
      path,
      target: 'value',
      detail: `${capitalise(field)} is ${String(error.data).length} characters long, more than the ${p.limit} that fit.`,
      fix: `shorten it to ${p.limit} characters or fewer, such as: ${key}: ${yamlValue(short)}`,
      edit: { value: yamlValue(short) },
    },
  ];
}

/** minimum, maximum and their exclusive kin: a number out of range; the fix is the nearest one allowed. */
export function outOfRange({ error, p, path, field, key }: KeywordError): PendingProblem[] {
  const words = {
    minimum: 'less than the smallest allowed',
    maximum: 'more than the largest allowed',
    exclusiveMinimum: 'not more than',
    exclusiveMaximum: 'not less than',
  }[error.keyword];
  const hint = error.keyword === 'maximum' && (key === 'width' || key === 'height') ? ' (pixels): use a smaller copy of the image' : '';
  const limit = p.limit as number;
  const nearest = error.keyword === 'exclusiveMinimum' ? limit + 1 : error.keyword === 'exclusiveMaximum' ? limit - 1 : limit;
  return [
    {
      code: 'SW_OUT_OF_RANGE',
      path,
      target: 'value',
      detail: `${capitalise(field)} is ${String(error.data)}, ${words} ${limit}${hint ? ' pixels' : ''}.`,
      fix: `use a number ${error.keyword.includes('inimum') ? 'of at least' : 'of at most'} ${limit}${hint}.`,
      edit: { value: String(nearest) },
    },
  ];
}

/** minItems and maxItems: a list with too few or too many entries. */
export function listSize({ error, p, path, field }: KeywordError): PendingProblem[] {
  const count = Array.isArray(error.data) ? error.data.length : 0;
  const limit = p.limit as number;
  if (error.keyword === 'maxItems') {
    return [
      {
        code: 'SW_LIST_SIZE',
        path: [...path, limit],
        target: 'key',
        detail: `${capitalise(field)} has ${count} entries; it takes at most ${limit}, so this one and the ones after it do not fit.`,
        fix: `remove ${count - limit} entr${count - limit === 1 ? 'y' : 'ies'}: this one${count - limit > 1 ? ' and the ones after it' : ''}.`,
        edit: { remove: true, rest: true },
      },
    ];
  }
  return [
    {
      code: 'SW_LIST_SIZE',
      path,
      target: count === 0 ? 'key' : 'value',
      detail: `${capitalise(field)} has ${count} entr${count === 1 ? 'y' : 'ies'}; it needs at least ${limit}.`,
      fix: `add entries until there are at least ${limit}.`,
    },
  ];
}

/** uniqueItems: a list that holds one value twice; the later one goes. */
export function notUnique({ error, p, path, field }: KeywordError): PendingProblem[] {
  const later = Math.max(p.i as number, p.j as number);
  const list = error.data as unknown[];
  return [
    {
      code: 'SW_NOT_UNIQUE',
      path: [...path, later],
      target: 'value',
      detail: `${capitalise(field)} lists ${describeValue(list[later])} twice.`,
      fix: 'remove this one.',
      edit: { remove: true },
    },
  ];
}

/** The text cut to fit, at a word where it can be. */
function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit + 1);
  const space = cut.lastIndexOf(' ');
  return (space > limit / 2 ? cut.slice(0, space) : cut.slice(0, limit))
    .replace(/(\s+(and|or|with|the|of|in|to|for|a|an|&))+$/i, '')
    .replace(/[\s,;:.-]+$/, '');
}
