/** The site schema's validator (compiled once, or precompiled by the build), and a site document checked against it. */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { BlockRegistry } from '../../blocks/contract.ts';
import { buildSiteSchema } from '../../schema/compose.ts';
import type { PendingProblem } from './problem.ts';
import { nearest } from './suggest.ts';
import { refsIn, type Ref } from './refs.ts';
import { loadPrecompiledValidator, validatorKey, writePrecompiledValidator } from './precompiled.ts';
import { translate } from './ajv-problems.ts';

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
export function precompileValidator(blocks: BlockRegistry, file?: string): void {
  const schema = buildSiteSchema(blocks);
  const { ajv, validate } = compileValidator(schema, true);
  writePrecompiledValidator(ajv, validate, checkRef, validatorKey(schema, { AJV_OPTIONS, FORMATS }), file);
}

/** The site schema of each registry and its compiled validator: made once per process, the first time a site of it is validated, and never changed. */
const validators = new WeakMap<BlockRegistry, { schema: Record<string, unknown>; validate: ValidateFunction }>();

/** The site schema of these blocks and its validator, made the first time they are asked for (a thread asks before it takes its first document). */
export function siteValidator(blocks: BlockRegistry): { schema: Record<string, unknown>; validate: ValidateFunction } {
  let compiled = validators.get(blocks);
  if (!compiled) {
    const schema = buildSiteSchema(blocks);
    compiled = { schema, validate: createValidator(schema) };
    validators.set(blocks, compiled);
  }
  return compiled;
}

/** Validates a site document (filling defaults in place) against the schema of the blocks it may use, turns every ajv error into a plain problem, and lists its references. */
export function validateDocument(
  data: unknown,
  written: ((path: (string | number)[]) => string | undefined) | undefined,
  blocks: BlockRegistry,
): { problems: PendingProblem[]; refs: Ref[] } {
  const compiled = siteValidator(blocks);
  const validator = compiled.validate;
  validator(data);
  const refs = refsIn(compiled.schema, data);
  const problems = mergeTypos((validator.errors ?? []).flatMap((e) => translate(e, data, written)));
  return { problems, refs };
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
