import { Ajv, type ValidateFunction } from 'ajv';
import type { BlockRegistry } from '../render/context.tsx';
import { blocksIn } from './blocks-in.ts';

const ajv = new Ajv({ allErrors: true, strict: false });

/** Validators by the text of their schema: the same form on many sites, or a site reloaded, is compiled once. */
const bySchema = new Map<string, ValidateFunction>();

function compiled(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = bySchema.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    bySchema.set(key, validate);
  }
  return validate;
}

/**
 * The body validator of every block with a server half, by the block object it belongs to: made
 * when the site loads, compiled on the first post it checks (most of a fleet's forms are never
 * posted to between two reloads, and compiling was a sixth of loading a site).
 */
export function compileActions(data: unknown, registry: BlockRegistry): ReadonlyMap<object, ValidateFunction> {
  const validators = new Map<object, ValidateFunction>();
  for (const { block } of blocksIn(data)) {
    const action = registry[block.type as string]?.action;
    if (!action) continue;
    const { type: _type, id: _id, ...props } = block;
    const schema = action.bodySchema(props);
    let real: ValidateFunction | undefined;
    const validate = ((body: unknown) => {
      real ??= compiled(schema);
      const ok = real(body);
      validate.errors = real.errors;
      return ok;
    }) as ValidateFunction;
    validators.set(block, validate);
  }
  return validators;
}
