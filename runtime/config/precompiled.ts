import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _, type Ajv, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { fromRoot } from '../paths.ts';

/**
 * The site validator as plain JavaScript, written by the build (dist/node/site-validator.cjs).
 * Compiling the site schema with ajv takes most of a second; loading this file takes a few
 * milliseconds, which is what lets `sitewright validate <prefix>` answer at once.
 * The file is used only when it was made from the same schema, options and ajv version.
 */
export const PRECOMPILED_VALIDATOR = fromRoot('dist', 'node', 'site-validator.cjs');

type CheckRef = (check: string, data: unknown, schema?: unknown, cxt?: { instancePath: string }) => boolean;

const require = createRequire(import.meta.url);

/** What the generated code depends on: the schema, the options and the library versions. */
export function validatorKey(schema: unknown, settings: unknown): string {
  const versions = ['ajv', 'ajv-formats'].map((name) => (require(`${name}/package.json`) as { version: string }).version);
  return createHash('sha256').update(JSON.stringify({ versions, settings, schema })).digest('hex');
}

/** The validator the build wrote, when it is present and made for this key. */
export function loadPrecompiledValidator(key: string, checkRef: CheckRef, file = PRECOMPILED_VALIDATOR): ValidateFunction | undefined {
  try {
    const generated = require(file) as { key: string; create: (checkRef: CheckRef) => ValidateFunction };
    return generated.key === key ? generated.create(checkRef) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes ajv's standalone code for a validator compiled with `code: { source: true }`, as a module
 * whose `create(checkRef)` returns the validate function: the x-check keyword calls checkRef.
 */
export function writePrecompiledValidator(ajv: Ajv, validate: ValidateFunction, checkRef: CheckRef, key: string, file = PRECOMPILED_VALIDATOR): void {
  const keyword = ajv.scope.getValue('keyword', checkRef);
  if (!keyword?.value) throw new Error('the x-check keyword is not in the compiled validator');
  keyword.value.code = _`checkRef`;
  const code = standaloneCode(ajv, validate);
  // ajv calls keyword functions with the ajv instance as `this`; checkRef does not use it.
  const text = `"use strict";\nexports.key = ${JSON.stringify(key)};\nexports.create = function (checkRef) {\nconst self = undefined;\nconst module = { exports: {} };\n${code}\nreturn module.exports;\n};\n`;
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}
