/**
 * Where a block finds what its `load` read for this request. Keyed by the block itself (its
 * type and its action's key, a form's name), not by its type alone, so two forms on one page
 * each find their own count; a block without an action is one of its type on a page.
 */
import type { AnyBlock } from '../../blocks/contract.ts';

export function loadedKey(definition: Pick<AnyBlock, 'type' | 'action'>, props: Record<string, unknown>): string {
  return definition.action ? `${definition.type}:${definition.action.key(props)}` : definition.type;
}
