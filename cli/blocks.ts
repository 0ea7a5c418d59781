/**
 * The blocks the command line hands the runtime, named in this one place: the runtime imports no
 * block and is given the registry by its entry points. A command that needs no block loads none,
 * and a worker thread, which can be handed plain data only, is given the module's address instead.
 */
import type { BlockRegistry } from '../blocks/contract.ts';

/** Where a thread imports the registry from (a module that exports it as `BLOCKS`): its source, or its compiled JavaScript beside this file's. */
export const BLOCKS_MODULE = new URL(import.meta.url.endsWith('.ts') ? '../blocks/registry.ts' : '../blocks/registry.js', import.meta.url).href;

/** The registry itself, for this thread. */
export const loadBlocks = async (): Promise<BlockRegistry> => (await import('../blocks/registry.ts')).BLOCKS;
