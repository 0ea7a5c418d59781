/** Problems with a value's type or form, from ajv's type, enum, const, pattern and format errors. */
import { SCHEMA_VERSION } from '../../schema/site.ts';
import type { PendingEdit, PendingProblem } from './problem.ts';
import { capitalise } from './describe.ts';
import { choices, nearest, yamlValue } from './suggest.ts';
import { curlyNote, describeValue, replaceWith, type KeywordError } from './keyword-error.ts';
import { sampleFor } from './schema-samples.ts';
import { formatFix } from './format-fixes.ts';
import { asText } from '../text.ts';

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a group of "key: value" lines',
  null: 'nothing',
};

const FORMAT_WORDS: Record<string, string> = { date: 'a date written YYYY-MM-DD', email: 'an e-mail address', uri: 'a full web address' };

/** type: a value of another type than the schema's, or none at all. */
export function wrongType({ error, p, schema, root, path, field, key, example, writtenAt }: KeywordError): PendingProblem[] {
  const data = error.data;
  const expected = String(p.type)
    .split(',')
    .map((t) => TYPE_WORDS[t] ?? t)
    .join(' or ');
  if (data === null) {
    const suggestion = example !== undefined ? yamlValue(example) : sampleFor(root, path.slice(0, -1), key);
    return [
      {
        code: 'SW_EMPTY_VALUE',
        path,
        target: 'key',
        detail: `${capitalise(field)} has nothing after it.`,
        fix: `write ${expected} after "${key}:"${suggestion !== undefined ? `, such as ${key}: ${suggestion}` : '.'}`,
        ...(suggestion !== undefined && { edit: { value: suggestion } }),
      },
    ];
  }
  let fix = `write ${expected}${example !== undefined ? ` such as ${yamlValue(example)}` : ''}.`;
  let edit: PendingEdit | undefined = example !== undefined ? { value: yamlValue(example) } : undefined;
  const written = writtenAt?.(path);
  // Quotes help only when the text in them would be right: a date bound of 5 is not one in quotes either.
  const quotedFits = !schema?.pattern || new RegExp(schema.pattern, 'u').test(written ?? asText(data));
  if (p.type === 'string' && (typeof data === 'number' || typeof data === 'boolean') && !quotedFits && example !== undefined) {
    fix = `write ${schema?.title ?? 'text'}, like ${key}: ${yamlValue(example)}`;
    edit = { value: yamlValue(example) };
  } else if (p.type === 'string' && (typeof data === 'number' || typeof data === 'boolean')) {
    // Quote the text as written, not as YAML read it: 05661 is the ZIP code "05661", not 5661.
    fix = `put it in quotes, so it is read as text: ${key}: "${written ?? String(data)}"`;
    edit = { value: `"${written ?? String(data)}"` };
  } else if (p.type === 'string' && Array.isArray(data) && data.every((x) => typeof x === 'string')) {
    const joined = yamlValue(data.join(' '));
    fix = `write it on one line after "${key}:", without "- ": ${key}: ${joined}`;
    edit = { value: joined };
  } else if (p.type === 'array' && typeof data === 'string') {
    const items = data.split(/\s*,\s*/).map((x) => yamlValue(x));
    fix = `write it as a list, one entry per line:\n${items.map((x) => `      - ${x}`).join('\n')}`;
    edit = { list: items };
  } else if (p.type === 'boolean' && typeof data === 'string') {
    const yes = /^(y|yes|on|true|ja|oui)$/i.test(data.trim());
    fix = `write ${yes ? 'true' : 'false'} (YAML's words for yes and no are true and false).`;
    edit = { value: yes ? 'true' : 'false' };
  }
  // 05672 is read as the number 5672: say what was written and what YAML made of it.
  const seen =
    written !== undefined && (typeof data === 'number' || typeof data === 'boolean') && written !== String(data) && !written.includes('\n')
      ? `${written}, which YAML reads as ${describeValue(data)}`
      : describeValue(data);
  return [
    {
      code: 'SW_WRONG_TYPE',
      path,
      target: 'value',
      detail: `${capitalise(field)} should be ${expected}, but it is ${seen}.`,
      fix,
      ...(edit && { edit }),
    },
  ];
}

/** enum: a value that is not one of the choices. */
export function notAChoice({ error, p, path, field }: KeywordError): PendingProblem[] {
  const allowed = (p.allowedValues as unknown[]).map(String);
  return [
    {
      code: 'SW_NOT_ALLOWED',
      path,
      target: 'value',
      detail: `${capitalise(field)} cannot be ${describeValue(error.data)}.${curlyNote(error.data)}`,
      fix: choices(String(error.data), allowed),
      ...replaceWith(nearest(String(error.data), allowed)),
    },
  ];
}

/** const: a value that can be only one thing, the schema version above all. */
export function notTheConstant({ error, p, path, field }: KeywordError): PendingProblem[] {
  if (path.length === 1 && path[0] === 'schemaVersion') {
    return [
      {
        code: 'SW_SCHEMA_VERSION',
        path,
        target: 'value',
        detail: `This Sitewright reads schemaVersion ${SCHEMA_VERSION}; the file says ${String(error.data)}.`,
        fix: `write "schemaVersion: ${SCHEMA_VERSION}".`,
        edit: { value: String(SCHEMA_VERSION) },
      },
    ];
  }
  return [
    {
      code: 'SW_NOT_ALLOWED',
      path,
      target: 'value',
      detail: `${capitalise(field)} must be ${JSON.stringify(p.allowedValue)}.`,
      fix: `write ${JSON.stringify(p.allowedValue)}.`,
      edit: { value: yamlValue(p.allowedValue) },
    },
  ];
}

/** pattern and format: text not in the form asked for (a phone number, a date, a web address). */
export function badFormat({ error, p, schema, path, field, key, example }: KeywordError): PendingProblem[] {
  const what = schema?.title ?? (error.keyword === 'format' ? FORMAT_WORDS[p.format as string] : undefined) ?? 'in the expected form';
  const value = String(error.data);
  const { fix, replacement, detail } = formatFix(schema?.title, error.keyword === 'format' ? (p.format as string) : undefined, key, value, example);
  return [
    {
      code: 'SW_BAD_FORMAT',
      path,
      target: 'value',
      detail: detail ?? `${capitalise(field)} is not ${what}: ${describeValue(error.data)}.`,
      fix: fix.endsWith('.') || fix.includes(': "') || fix.includes(': ') ? fix : `${fix}.`,
      ...(replacement !== undefined && { edit: { value: replacement } }),
    },
  ];
}
