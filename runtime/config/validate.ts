import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildSiteSchema } from '../../schema/compose.ts';
import { SCHEMA_VERSION } from '../../schema/site.ts';
import type { PendingProblem } from './problem.ts';
import { capitalise, describeField, describeObject, ordinal } from './describe.ts';
import { choices, closest } from './suggest.ts';
import { refsIn, type Ref } from './refs.ts';
import { loadPrecompiledValidator, validatorKey, writePrecompiledValidator } from './precompiled.ts';
import { asText } from '../text.ts';

/** The x-check keyword marks a reference for refsIn; to ajv it is an annotation that always holds. */
const checkRef = () => true;

const AJV_OPTIONS = { allErrors: true, verbose: true, discriminator: true, useDefaults: true, strict: true, allowUnionTypes: true } as const;
const FORMATS: ('date' | 'email' | 'uri')[] = ['date', 'email', 'uri'];
/** ajv-formats is CommonJS: Node's own ESM loader hands over its exports object, a bundler its default export. */
const formatsPlugin = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;

function compileValidator(schema: object, source = false): { ajv: Ajv; validate: ValidateFunction } {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source } });
  formatsPlugin(ajv, FORMATS);
  ajv.addKeyword({ keyword: 'x-check', schemaType: 'string', errors: false, validate: checkRef });
  return { ajv, validate: ajv.compile(schema) };
}

/** The validator the build precompiled when it matches this schema (a few milliseconds), else compiled now. */
function createValidator(schema: Record<string, unknown>): ValidateFunction {
  return loadPrecompiledValidator(validatorKey(schema, { AJV_OPTIONS, FORMATS }), checkRef) ?? compileValidator(schema).validate;
}

/** Compiles the validator and writes it as JavaScript for createValidator to load (run by the build). */
export function precompileValidator(file?: string): void {
  const schema = buildSiteSchema();
  const { ajv, validate } = compileValidator(schema, true);
  writePrecompiledValidator(ajv, validate, checkRef, validatorKey(schema, { AJV_OPTIONS, FORMATS }), file);
}

/** The site schema and its compiled validator: made once per process, the first time a site is validated, and never changed. */
let compiled: { schema: Record<string, unknown>; validate: ValidateFunction } | undefined;

export function splitPointer(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Validates a site document (filling defaults in place), turns every ajv error into a plain problem, and lists its references. */
export function validateDocument(data: unknown): { problems: PendingProblem[]; refs: Ref[] } {
  if (!compiled) {
    const schema = buildSiteSchema();
    compiled = { schema, validate: createValidator(schema) };
  }
  const validator = compiled.validate;
  validator(data);
  const refs = refsIn(compiled.schema, data);
  const problems = mergeTypos((validator.errors ?? []).flatMap((e) => translate(e, data)));
  return { problems, refs };
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a group of "key: value" lines',
  null: 'nothing',
};

const describeValue = (value: unknown): string =>
  value === null
    ? 'nothing'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a group of keys'
        : typeof value === 'string'
          ? `"${value}"`
          : asText(value);

/** A value as it would be typed in YAML, quoted where YAML would otherwise misread it. */
export function yamlValue(value: unknown): string {
  const text = String(value);
  return typeof value === 'string' && /^[#&*!|>'"%@`{[\]]|: | #|^\d+:\d+$|^(true|false|yes|no|null)$|^[\d.]+$/.test(text) ? `"${text}"` : text;
}

interface Schema {
  title?: string;
  pattern?: string;
  description?: string;
  examples?: unknown[];
  properties?: Record<string, { description?: string }>;
  oneOf?: { properties: Record<string, { const: string }> }[];
}

const keyOf = (path: (string | number)[]) => String([...path].reverse().find((s) => typeof s === 'string') ?? 'value');

function translate(error: ErrorObject, root: unknown): PendingProblem[] {
  const path = splitPointer(error.instancePath);
  const schema = error.parentSchema as Schema | undefined;
  const field = describeField(root, path);
  const object = describeObject(root, path);
  const key = keyOf(path);
  const example = schema?.examples?.[0];
  const p = error.params;
  switch (error.keyword) {
    case 'required': {
      const missing = p.missingProperty as string;
      const about = schema?.properties?.[missing]?.description;
      const snippet = TOP_LEVEL_SNIPPETS[missing];
      return [
        {
          code: 'SW_MISSING_KEY',
          path,
          target: 'key',
          missing,
          detail: `${capitalise(object)} has no "${missing}".`,
          fix: path.length === 0 && snippet ? `add at the top level:\n${snippet}` : `add "${missing}:"${about ? ` — ${lowerFirst(about)}` : '.'}`,
        },
      ];
    }
    case 'additionalProperties': {
      const extra = p.additionalProperty as string;
      const known = Object.keys(schema?.properties ?? {}).filter((k) => k !== 'type' && k !== 'id');
      return [
        {
          code: 'SW_UNKNOWN_KEY',
          path: [...path, extra],
          target: 'key',
          detail: `${capitalise(object)} has no key called "${extra}".`,
          fix: known.length
            ? closest(extra, known)
              ? `did you mean "${closest(extra, known)}"? The keys here are: ${known.join(', ')}.`
              : `remove it, or use one of: ${known.join(', ')}.`
            : 'names here use lowercase letters, digits and dashes.',
        },
      ];
    }
    case 'discriminator': {
      const branches = (schema?.oneOf ?? []).map((b) => b.properties[p.tag as string]?.const as string).sort();
      const isBlock = p.tag === 'type';
      if (p.error === 'tag') {
        return [
          {
            code: 'SW_MISSING_KEY',
            path,
            target: 'key',
            detail: `${capitalise(object)} does not say which ${isBlock ? 'block it is' : 'kind of items it holds'}: it has no "${p.tag}".`,
            fix: `add "${p.tag}:" with one of: ${branches.join(', ')}.`,
          },
        ];
      }
      return [
        {
          code: isBlock ? 'SW_UNKNOWN_BLOCK' : 'SW_UNKNOWN_KIND',
          path: [...path, p.tag as string],
          target: 'value',
          detail: `There is no ${isBlock ? 'block' : 'collection kind'} called "${String(p.tagValue)}" (${isBlock ? blockPlace(root, path) : object}).`,
          fix: choices(String(p.tagValue), branches),
        },
      ];
    }
    case 'type': {
      const data = error.data;
      const expected = String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(' or ');
      if (data === null) {
        return [
          {
            code: 'SW_EMPTY_VALUE',
            path,
            target: 'key',
            detail: `${capitalise(field)} has nothing after it.`,
            fix: `write ${expected} after "${key}:"${example !== undefined ? `, such as ${key}: ${yamlValue(example)}` : ''}.`,
          },
        ];
      }
      let fix = `write ${expected}${example !== undefined ? ` such as ${yamlValue(example)}` : ''}.`;
      // Quotes help only when the text in them would be right: a date bound of 5 is not one in quotes either.
      const quotedFits = !schema?.pattern || new RegExp(schema.pattern, 'u').test(asText(data));
      if (p.type === 'string' && (typeof data === 'number' || typeof data === 'boolean') && !quotedFits && example !== undefined)
        fix = `write ${schema?.title ?? 'text'}, like ${key}: ${yamlValue(example)}`;
      else if (p.type === 'string' && (typeof data === 'number' || typeof data === 'boolean'))
        fix = `put it in quotes, so it is read as text: ${key}: "${String(data)}"`;
      else if (p.type === 'string' && Array.isArray(data)) fix = `write it on one line after "${key}:", without "- ".`;
      else if (p.type === 'array' && typeof data === 'string')
        fix = `write it as a list, one entry per line:\n${data
          .split(/\s*,\s*/)
          .map((x) => `      - ${x}`)
          .join('\n')}`;
      else if (p.type === 'boolean' && typeof data === 'string') fix = `write true or false.`;
      return [{ code: 'SW_WRONG_TYPE', path, target: 'value', detail: `${capitalise(field)} should be ${expected}, but it is ${describeValue(data)}.`, fix }];
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      return [
        {
          code: 'SW_NOT_ALLOWED',
          path,
          target: 'value',
          detail: `${capitalise(field)} cannot be ${describeValue(error.data)}.`,
          fix: choices(String(error.data), allowed),
        },
      ];
    }
    case 'const': {
      if (path.length === 1 && path[0] === 'schemaVersion') {
        return [
          {
            code: 'SW_SCHEMA_VERSION',
            path,
            target: 'value',
            detail: `This Sitewright reads schemaVersion ${SCHEMA_VERSION}; the file says ${String(error.data)}.`,
            fix: `write "schemaVersion: ${SCHEMA_VERSION}".`,
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
        },
      ];
    }
    case 'pattern':
    case 'format': {
      const what = schema?.title ?? (error.keyword === 'format' ? FORMAT_WORDS[p.format as string] : undefined) ?? 'in the expected form';
      const value = String(error.data);
      let fix = example !== undefined ? `write it like ${key}: ${yamlValue(example)}` : 'check how it is written.';
      if (schema?.title === 'a phone number' && /[a-z]/i.test(value)) fix = `letters cannot be dialled: write the digits, like ${key}: ${yamlValue(example)}`;
      if (schema?.title === 'a 24-hour time (HH:MM)' && /[ap]\.?m/i.test(value))
        fix = `write the 24-hour time without am or pm, like ${key}: "${to24h(value) ?? '17:30'}"`;
      if (schema?.title === 'a hex colour') fix = `write a hex colour in quotes, like ${key}: "${asText(example)}"`;
      if (schema?.title === 'a page path' || key === 'path') fix = `write a path like "/about" or "/blog/{slug}".`;
      return [
        {
          code: 'SW_BAD_FORMAT',
          path,
          target: 'value',
          detail: `${capitalise(field)} is not ${what}: ${describeValue(error.data)}.`,
          fix: fix.endsWith('.') || fix.includes(': "') || fix.includes(': ') ? fix : `${fix}.`,
        },
      ];
    }
    case 'minLength':
      if (p.limit === 1)
        return [{ code: 'SW_EMPTY_VALUE', path, target: 'value', detail: `${capitalise(field)} is empty.`, fix: `write some text between the quotes.` }];
      return [
        {
          code: 'SW_OUT_OF_RANGE',
          path,
          target: 'value',
          detail: `${capitalise(field)} is shorter than ${p.limit} characters.`,
          fix: `write at least ${p.limit} characters.`,
        },
      ];
    case 'maxLength':
      return [
        {
          code: 'SW_OUT_OF_RANGE',
          path,
          target: 'value',
          detail: `${capitalise(field)} is ${String(error.data).length} characters long, more than the ${p.limit} that fit.`,
          fix: `shorten it to ${p.limit} characters or fewer.`,
        },
      ];
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words = {
        minimum: 'less than the smallest allowed',
        maximum: 'more than the largest allowed',
        exclusiveMinimum: 'not more than',
        exclusiveMaximum: 'not less than',
      }[error.keyword];
      const hint = error.keyword === 'maximum' && (key === 'width' || key === 'height') ? ' (pixels): use a smaller copy of the image' : '';
      return [
        {
          code: 'SW_OUT_OF_RANGE',
          path,
          target: 'value',
          detail: `${capitalise(field)} is ${String(error.data)}, ${words} ${p.limit}${hint ? ' pixels' : ''}.`,
          fix: `use a number ${error.keyword.startsWith('min') || error.keyword === 'exclusiveMinimum' ? 'of at least' : 'of at most'} ${p.limit}${hint}.`,
        },
      ];
    }
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(error.data) ? error.data.length : 0;
      const limit = p.limit as number;
      if (error.keyword === 'maxItems') {
        return [
          {
            code: 'SW_LIST_SIZE',
            path: [...path, limit],
            target: 'key',
            detail: `${capitalise(field)} has ${count} entries; it takes at most ${limit}, so this one and the ones after it do not fit.`,
            fix: `remove ${count - limit} entr${count - limit === 1 ? 'y' : 'ies'}.`,
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
    case 'uniqueItems': {
      const later = Math.max(p.i as number, p.j as number);
      const list = error.data as unknown[];
      return [
        {
          code: 'SW_NOT_UNIQUE',
          path: [...path, later],
          target: 'value',
          detail: `${capitalise(field)} lists ${describeValue(list[later])} twice.`,
          fix: 'remove this one.',
        },
      ];
    }
    default:
      // oneOf, anyOf, if: their branches report the real problem; the summary adds nothing.
      return [];
  }
}

/** "the second block on the page "/"": a block whose type is unknown cannot be named by its type. */
function blockPlace(root: unknown, path: (string | number)[]): string {
  const index = path[path.length - 1];
  const outer = describeObject(root, path.slice(0, -2));
  return typeof index === 'number' ? `the ${ordinal(index + 1)} block on ${outer}` : outer;
}

/** "5pm" → "17:00", "9:30 am" → "09:30". */
function to24h(value: string): string | undefined {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i.exec(value.trim());
  if (!m) return undefined;
  const h = (Number(m[1]) % 12) + ((m[3] as string).toLowerCase() === 'p' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${m[2] ?? '00'}`;
}

/** One problem where an unknown key is plainly a misspelling of the missing one. */
export function mergeTypos(problems: PendingProblem[]): PendingProblem[] {
  const out = [...problems];
  for (const missing of problems.filter((p) => p.code === 'SW_MISSING_KEY')) {
    const name = missing.missing;
    if (!name) continue;
    const typo = out.find(
      (p) =>
        p.code === 'SW_UNKNOWN_KEY' &&
        p.path.length === missing.path.length + 1 &&
        missing.path.every((s, i) => p.path[i] === s) &&
        closest(String(p.path[p.path.length - 1]), [name]),
    );
    if (!typo) continue;
    const written = String(typo.path[typo.path.length - 1]);
    out.splice(out.indexOf(missing), 1);
    out.splice(out.indexOf(typo), 1, { ...typo, detail: `"${written}" should be "${name}".`, fix: `rename "${written}" to "${name}".` });
  }
  return out;
}

const TOP_LEVEL_SNIPPETS: Record<string, string> = {
  schemaVersion: `      schemaVersion: ${SCHEMA_VERSION}`,
  theme: '      theme:\n        colors:\n          primary: "#0b5f73"',
  navigation: '      navigation:\n        - label: Home\n          href: /',
  pages: '      pages:\n        - path: /\n          title: Home\n          blocks:\n            - type: hero\n              heading: Welcome',
  site: '      site:\n        name: Your business name\n        kind: dentist\n        description: One or two sentences about you.',
};

const FORMAT_WORDS: Record<string, string> = { date: 'a date written YYYY-MM-DD', email: 'an e-mail address', uri: 'a full web address' };
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
