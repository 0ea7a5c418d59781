import { Ajv, type ValidateFunction } from 'ajv';
import type { BlockRegistry } from '../render/context.tsx';
import { blocksIn } from './blocks-in.ts';

const ajv = new Ajv({ allErrors: true, strict: false });

/**
 * The body schema of every block with a server half, compiled once when the site loads, by the
 * block object it belongs to: serving a post is then a lookup.
 */
export function compileActions(data: unknown, registry: BlockRegistry): ReadonlyMap<object, ValidateFunction> {
  const compiled = new Map<object, ValidateFunction>();
  for (const { block } of blocksIn(data)) {
    const action = registry[block.type as string]?.action;
    if (!action) continue;
    const { type: _type, id: _id, ...props } = block;
    compiled.set(block, ajv.compile(action.bodySchema(props)));
  }
  return compiled;
}
