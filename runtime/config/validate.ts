import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildSiteSchema } from '../../schema/compose.ts';
import { SCHEMA_VERSION } from '../../schema/site.ts';
import type { PendingEdit, PendingProblem } from './problem.ts';
import { capitalise, describeField, describeObject, ordinal, pathTitle } from './describe.ts';
import { choices, nearest, yamlValue } from './suggest.ts';
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
export function validateDocument(data: unknown, written?: (path: (string | number)[]) => string | undefined): { problems: PendingProblem[]; refs: Ref[] } {
  if (!compiled) {
    const schema = buildSiteSchema();
    compiled = { schema, validate: createValidator(schema) };
  }
  const validator = compiled.validate;
  validator(data);
  const refs = refsIn(compiled.schema, data);
  const problems = mergeTypos((validator.errors ?? []).flatMap((e) => translate(e, data, written)));
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

interface Schema {
  title?: string;
  pattern?: string;
  description?: string;
  examples?: unknown[];
  properties?: Record<string, { description?: string }>;
  oneOf?: { properties: Record<string, { const: string }> }[];
}

const keyOf = (path: (string | number)[]) => String([...path].reverse().find((s) => typeof s === 'string') ?? 'value');

function translate(error: ErrorObject, root: unknown, writtenAt?: (path: (string | number)[]) => string | undefined): PendingProblem[] {
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
      const sample = sampleYaml(schema?.properties?.[missing]) ?? sampleFor(root, path, missing);
      const insert = path.length === 0 && snippet ? dedent(snippet) : sample !== undefined ? keyLine(missing, sample) : undefined;
      return [
        {
          code: 'SW_MISSING_KEY',
          path,
          target: 'key',
          missing,
          detail: `${capitalise(object)} has no "${missing}".`,
          fix: path.length === 0 && snippet ? `add at the top level:\n${snippet}` : addKey(missing, about, sample),
          ...(insert && { edit: { insert } }),
        },
      ];
    }
    case 'additionalProperties': {
      const extra = p.additionalProperty as string;
      const known = Object.keys(schema?.properties ?? {}).filter((k) => k !== 'type' && k !== 'id');
      const near = nearest(extra, known);
      return [
        {
          code: 'SW_UNKNOWN_KEY',
          path: [...path, extra],
          target: 'key',
          detail: `${capitalise(object)} has no key called "${extra}".`,
          fix: known.length
            ? near
              ? `did you mean "${near}"? The keys here are: ${known.join(', ')}.`
              : `remove it, or use one of: ${known.join(', ')}.`
            : 'remove it: nothing here takes other keys.',
          edit: near ? { replace: near } : { remove: true },
        },
      ];
    }
    case 'discriminator': {
      const branches = (schema?.oneOf ?? []).map((b) => b.properties[p.tag as string]?.const as string).sort();
      const isBlock = p.tag === 'type';
      if (p.error === 'tag') {
        const guess = fittingBranch(schema?.oneOf ?? [], p.tag as string, error.data);
        return [
          {
            code: 'SW_MISSING_KEY',
            path,
            target: 'key',
            detail: `${capitalise(object)} does not say which ${isBlock ? 'block it is' : 'kind of items it holds'}: it has no "${p.tag}".`,
            fix: guess
              ? `add "${p.tag}: ${guess}" (its keys fit a ${guess}), or another of: ${branches.join(', ')}.`
              : `add "${p.tag}:" with one of: ${branches.join(', ')}.`,
            ...(guess && { edit: { insert: `${p.tag as string}: ${guess}` } }),
          },
        ];
      }
      return [
        {
          code: isBlock ? 'SW_UNKNOWN_BLOCK' : 'SW_UNKNOWN_KIND',
          path: [...path, p.tag as string],
          target: 'value',
          detail: `There is no ${isBlock ? 'block' : 'collection kind'} called "${String(p.tagValue)}" (${isBlock ? blockPlace(root, path) : object}).${curlyNote(p.tagValue)}`,
          fix: choices(String(p.tagValue), branches),
          ...replaceWith(nearest(String(p.tagValue), branches)),
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
    case 'enum': {
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
    case 'const': {
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
    case 'pattern':
    case 'format': {
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
    case 'minLength':
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
    case 'maxLength': {
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
          edit: { remove: true },
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
        nearest(String(p.path[p.path.length - 1]), [name]),
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

/** A key and its value as lines to add: "name: value", or "name:" with the value's lines below it. */
const keyLine = (name: string, sample: string) => (sample.startsWith('\n') ? `${name}:${sample.replace(/\n/g, '\n  ')}` : `${name}: ${sample}`);

const dedent = (snippet: string) => {
  const indent = /^ */.exec(snippet)?.[0].length ?? 0;
  return snippet
    .split('\n')
    .map((l) => l.slice(indent))
    .join('\n');
};

function addKey(missing: string, about: string | undefined, sample: string | undefined): string {
  const what = about ? ` — ${lowerFirst(about)}` : '';
  if (sample === undefined) return `add "${missing}:"${what || '.'}`;
  const stop = what.endsWith('.') ? '' : '.';
  if (sample.startsWith('\n')) return `add "${missing}:"${what}${stop} For example:\n${keyLine(missing, sample).replace(/^/gm, '      ')}`;
  return `add "${missing}:"${what}${stop} For example: ${missing}: ${sample}`;
}

const replaceWith = (near: string | undefined): { edit?: PendingEdit } => (near === undefined ? {} : { edit: { value: yamlValue(near) } });

/** A value for a key, as YAML text, from its schema's examples, choices or shape; a group or list starts with a line break. */
function sampleYaml(schema: Schema | undefined, depth = 0): string | undefined {
  if (!schema || depth > 3) return undefined;
  const s = schema as Schema & { enum?: unknown[]; const?: unknown; default?: unknown; type?: string; required?: string[]; items?: Schema; minItems?: number };
  const example = s.examples?.[0] ?? s.const ?? s.enum?.[0] ?? s.default;
  if (example !== undefined && (typeof example !== 'object' || example === null)) return yamlValue(example);
  if (Array.isArray(example) || (example && typeof example === 'object')) return `\n${toYamlLines(example)}`;
  if (s.type === 'boolean') return 'false';
  if (s.type === 'object' && s.properties) {
    const lines: string[] = [];
    for (const name of s.required ?? []) {
      const value = sampleYaml(s.properties[name], depth + 1);
      if (value === undefined) return undefined;
      lines.push(keyLine(name, value));
    }
    return lines.length ? `\n${lines.join('\n')}` : undefined;
  }
  if (s.type === 'array' && s.items) {
    const item = sampleYaml(s.items, depth + 1);
    if (item === undefined) return undefined;
    const one = item.startsWith('\n') ? `- ${item.slice(1).replace(/\n/g, '\n  ')}` : `- ${item}`;
    return `\n${Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => one).join('\n')}`;
  }
  return undefined;
}

/** Plain data as block YAML lines, without a leading line break. */
function toYamlLines(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        const inner = item !== null && typeof item === 'object' ? toYamlLines(item) : yamlValue(item);
        return `- ${inner.replace(/\n/g, '\n  ')}`;
      })
      .join('\n');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => (v !== null && typeof v === 'object' ? `${k}:\n${toYamlLines(v).replace(/^/gm, '  ')}` : `${k}: ${yamlValue(v)}`))
    .join('\n');
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

/** What to write instead of a value in the wrong form, worked out from what was written where it can be. */
function formatFix(
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

/** The kind of block (or item) whose keys are all there and all known, when a "type:" is missing. */
function fittingBranch(branches: readonly { properties: Record<string, unknown>; required?: string[] }[], tag: string, data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const keys = Object.keys(data).filter((k) => k !== tag);
  if (!keys.length) return undefined;
  const fits = branches.filter((b) => keys.every((k) => k in b.properties) && (b.required ?? []).every((r) => r === tag || keys.includes(r)));
  const best = fits.sort((a, b) => Object.keys(a.properties).length - Object.keys(b.properties).length)[0];
  return (best?.properties[tag] as { const?: string } | undefined)?.const;
}

/** A value for a key the schema has no example of, made from what is around it: a page's title from its path, a description from the name. */
function sampleFor(root: unknown, at: (string | number)[], key: string): string | undefined {
  let here: unknown = root;
  for (const seg of at) here = here && typeof here === 'object' ? (here as Record<string | number, unknown>)[seg] : undefined;
  const around = (here && typeof here === 'object' ? here : {}) as Record<string, unknown>;
  if (key === 'title' && typeof around.path === 'string') return yamlValue(pathTitle(around.path));
  if (key === 'description' && typeof around.name === 'string') {
    const more = typeof around.tagline === 'string' ? around.tagline : undefined;
    return yamlValue(`${around.name}${more ? `: ${more}` : ''}.`);
  }
  return undefined;
}

/** Curly quotes typed (or pasted from a word processor) around a value are part of it, not quotes. */
const curlyNote = (value: unknown): string =>
  typeof value === 'string' && /^[“”‘’„«»].*[“”‘’„«»]$/.test(value.trim())
    ? ` The curly quotes around it (${value.trim()[0]} ${value.trim().slice(-1)}) are read as part of the value: YAML's quotes are straight (" or ').`
    : '';
