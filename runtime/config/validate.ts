import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildSiteSchema, SCHEMA_VERSION } from '../../schema/site.ts';
import type { RefKind } from '../../schema/common.ts';
import type { PendingProblem } from './problem.ts';
import { dataPath } from './problem.ts';
import { didYouMean } from './suggest.ts';

/** A string field that points at something the schema cannot check: a page, a collection, a file. */
export interface Ref {
  kind: RefKind;
  value: string;
  path: (string | number)[];
}

let collecting: Ref[] | null = null;

function createValidator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, verbose: true, discriminator: true, useDefaults: true, strict: true, allowUnionTypes: true });
  addFormats.default(ajv, ['date', 'email', 'uri']);
  ajv.addKeyword({
    keyword: 'x-check',
    schemaType: 'string',
    errors: false,
    validate(kind: RefKind, data: unknown, _schema?: unknown, cxt?: { instancePath: string }) {
      if (collecting && typeof data === 'string' && cxt) collecting.push({ kind, value: data, path: splitPointer(cxt.instancePath) });
      return true;
    },
  });
  return ajv.compile(buildSiteSchema());
}

let validator: ValidateFunction | undefined;

export function splitPointer(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** Validates a site document (filling defaults in place) and turns every ajv error into a plain problem. */
export function validateDocument(data: unknown): { problems: PendingProblem[]; refs: Ref[] } {
  validator ??= createValidator();
  const refs: Ref[] = [];
  collecting = refs;
  try {
    validator(data);
  } finally {
    collecting = null;
  }
  const problems = (validator.errors ?? []).flatMap((e) => translate(e, data));
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

const describe = (value: unknown): string =>
  value === null ? 'nothing' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a group of keys' : typeof value === 'string' ? `the text "${value}"` : `${typeof value} ${String(value)}`;

const fieldName = (path: (string | number)[]) => {
  const last = [...path].reverse().find((s) => typeof s === 'string');
  return last === undefined ? 'this value' : `"${last}"`;
};

function translate(error: ErrorObject, root: unknown): PendingProblem[] {
  const path = splitPointer(error.instancePath);
  const where = path.length ? dataPath(path) : 'the top of the file';
  const schema = error.parentSchema as { description?: string; examples?: unknown[]; properties?: Record<string, { description?: string }> } | undefined;
  const example = schema?.examples?.[0];
  const exampleText = example !== undefined ? ` such as ${JSON.stringify(example)}` : '';
  const p = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required': {
      const missing = p.missingProperty as string;
      const about = schema?.properties?.[missing]?.description;
      return [{ code: 'SW_MISSING_KEY', path, target: 'key', detail: `"${missing}" is missing from ${where}.`, fix: `add "${missing}:"${about ? ` — ${lowerFirst(about)}` : '.'}` }];
    }
    case 'additionalProperties': {
      const extra = p.additionalProperty as string;
      const known = Object.keys(schema?.properties ?? {});
      return [
        {
          code: 'SW_UNKNOWN_KEY',
          path: [...path, extra],
          target: 'key',
          detail: `${where === 'the top of the file' ? 'The top of the file' : where} has no key called "${extra}".`,
          fix: known.length ? `remove it, or use one of: ${known.join(', ')}.${didYouMean(extra, known)}` : 'use lowercase letters, digits and dashes for names here.',
        },
      ];
    }
    case 'discriminator': {
      const branches = ((error.parentSchema as { oneOf?: { properties: Record<string, { const: string }> }[] })?.oneOf ?? []).map(
        (b) => b.properties[p.tag as string]?.const as string,
      );
      const isBlock = p.tag === 'type';
      if (p.error === 'tag') {
        return [{ code: 'SW_MISSING_KEY', path, target: 'key', detail: `${where} has no "${p.tag}".`, fix: `add "${p.tag}:" with one of: ${branches.sort().join(', ')}.` }];
      }
      return [
        {
          code: isBlock ? 'SW_UNKNOWN_BLOCK' : 'SW_UNKNOWN_KIND',
          path: [...path, p.tag as string],
          target: 'value',
          detail: `There is no ${isBlock ? 'block' : 'collection kind'} called "${String(p.tagValue)}" (${dataPath([...path, p.tag as string])}).`,
          fix: `use one of: ${branches.sort().join(', ')}.${didYouMean(String(p.tagValue), branches)}`,
        },
      ];
    }
    case 'type': {
      const data = error.data;
      const expected = String(p.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      if (data === null) {
        return [{ code: 'SW_EMPTY_VALUE', path, target: 'key', detail: `${fieldName(path)} has nothing after it (${where}).`, fix: `write ${expected} after the colon, or remove the line.` }];
      }
      const quoteHint = p.type === 'string' && (typeof data === 'number' || typeof data === 'boolean') ? ` Put it in quotes: "${String(data)}".` : '';
      return [{ code: 'SW_WRONG_TYPE', path, target: 'value', detail: `${fieldName(path)} should be ${expected}, but it is ${describe(data)} (${where}).`, fix: `write ${expected}${exampleText}.${quoteHint}` }];
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map(String);
      return [
        {
          code: 'SW_NOT_ALLOWED',
          path,
          target: 'value',
          detail: `${fieldName(path)} cannot be ${describe(error.data)} (${where}).`,
          fix: `use one of: ${allowed.join(', ')}.${didYouMean(String(error.data), allowed)}`,
        },
      ];
    }
    case 'const': {
      if (path.length === 1 && path[0] === 'schemaVersion') {
        return [{ code: 'SW_SCHEMA_VERSION', path, target: 'value', detail: `This Sitewright reads schemaVersion ${SCHEMA_VERSION}; the file says ${String(error.data)}.`, fix: `write "schemaVersion: ${SCHEMA_VERSION}".` }];
      }
      return [{ code: 'SW_NOT_ALLOWED', path, target: 'value', detail: `${fieldName(path)} must be ${JSON.stringify(p.allowedValue)} (${where}).`, fix: `write ${JSON.stringify(p.allowedValue)}.` }];
    }
    case 'pattern':
    case 'format': {
      const desc = schema?.description ? ` ${schema.description}` : '';
      const what = error.keyword === 'format' ? FORMAT_WORDS[p.format as string] ?? p.format : 'in the expected form';
      return [
        {
          code: 'SW_BAD_FORMAT',
          path,
          target: 'value',
          detail: `${fieldName(path)} is not ${what}: ${describe(error.data)} (${where}).`,
          fix: `${example !== undefined ? `write it like ${JSON.stringify(example)}.` : 'check how it is written.'}${desc}`,
        },
      ];
    }
    case 'minLength':
      if (p.limit === 1) {
        return [{ code: 'SW_EMPTY_VALUE', path, target: 'value', detail: `${fieldName(path)} is empty (${where}).`, fix: 'write some text, or remove the line if it is optional.' }];
      }
      return [{ code: 'SW_OUT_OF_RANGE', path, target: 'value', detail: `${fieldName(path)} is shorter than ${p.limit} characters (${where}).`, fix: `write at least ${p.limit} characters.` }];
    case 'maxLength':
      return [{ code: 'SW_OUT_OF_RANGE', path, target: 'value', detail: `${fieldName(path)} is ${String(error.data).length} characters long; at most ${p.limit} fit (${where}).`, fix: `shorten it to ${p.limit} characters or fewer.` }];
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'more than', exclusiveMaximum: 'less than' }[error.keyword];
      return [{ code: 'SW_OUT_OF_RANGE', path, target: 'value', detail: `${fieldName(path)} is ${String(error.data)} (${where}).`, fix: `use a number ${words} ${p.limit}.` }];
    }
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(error.data) ? error.data.length : 0;
      const words = error.keyword === 'minItems' ? `at least ${p.limit}` : `at most ${p.limit}`;
      return [{ code: 'SW_LIST_SIZE', path, target: count === 0 ? 'key' : 'value', detail: `${fieldName(path)} has ${count} entr${count === 1 ? 'y' : 'ies'}; it takes ${words} (${where}).`, fix: error.keyword === 'minItems' ? `add entries until there are ${words}.` : `remove entries until there are ${words}.` }];
    }
    case 'uniqueItems':
      return [{ code: 'SW_NOT_UNIQUE', path: [...path, p.i as number], target: 'value', detail: `${fieldName(path)} lists the same entry twice (entries ${p.j} and ${p.i}).`, fix: 'remove one of them.' }];
    default:
      // oneOf, anyOf, if: their branches report the real problem; the summary adds nothing.
      void root;
      return [];
  }
}

const FORMAT_WORDS: Record<string, string> = { date: 'a date (YYYY-MM-DD)', email: 'an e-mail address', uri: 'a full web address' };
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
