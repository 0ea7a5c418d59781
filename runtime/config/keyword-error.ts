/** One ajv error with what its translator reads: the place it is about, said in words, and how to show a value. */
import type { ErrorObject } from 'ajv';
import type { PendingEdit } from './problem.ts';
import { describeField, describeObject } from './describe.ts';
import { yamlValue } from './suggest.ts';
import { asText } from '../text.ts';

/** The parts of a schema node that messages and fixes read. */
export interface Schema {
  title?: string;
  pattern?: string;
  description?: string;
  examples?: unknown[];
  properties?: Record<string, { description?: string }>;
  oneOf?: { properties: Record<string, { const: string }> }[];
}

export interface KeywordError {
  error: ErrorObject;
  /** The error's params, which differ by keyword. */
  p: ErrorObject['params'];
  /** The whole document, for messages that name places in it. */
  root: unknown;
  path: (string | number)[];
  schema: Schema | undefined;
  /** The value's place in words: "the phone of the site". */
  field: string;
  /** The group the error is in, in words. */
  object: string;
  /** The nearest key name on the path, or "value". */
  key: string;
  example: unknown;
  /** The text of a part of the document as written, where it can be read. */
  writtenAt?: (path: (string | number)[]) => string | undefined;
}

export function splitPointer(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

const keyOf = (path: (string | number)[]) => String([...path].reverse().find((s) => typeof s === 'string') ?? 'value');

export function keywordError(error: ErrorObject, root: unknown, writtenAt?: (path: (string | number)[]) => string | undefined): KeywordError {
  const path = splitPointer(error.instancePath);
  const schema = error.parentSchema as Schema | undefined;
  return {
    error,
    p: error.params,
    root,
    path,
    schema,
    field: describeField(root, path),
    object: describeObject(root, path),
    key: keyOf(path),
    example: schema?.examples?.[0],
    writtenAt,
  };
}

export const describeValue = (value: unknown): string =>
  value === null
    ? 'nothing'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a group of keys'
        : typeof value === 'string'
          ? `"${value}"`
          : asText(value);

export const replaceWith = (near: string | undefined): { edit?: PendingEdit } => (near === undefined ? {} : { edit: { value: yamlValue(near) } });

/** Curly quotes typed (or pasted from a word processor) around a value are part of it, not quotes. */
export const curlyNote = (value: unknown): string =>
  typeof value === 'string' && /^[“”‘’„«»].*[“”‘’„«»]$/.test(value.trim())
    ? ` The curly quotes around it (${value.trim()[0]} ${value.trim().slice(-1)}) are read as part of the value: YAML's quotes are straight (" or ').`
    : '';
