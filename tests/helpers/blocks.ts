/**
 * The blocks tests run with: every registered block, and the guestbook, a block kept for tests
 * (tests/fixtures/blocks/guestbook/) that shows the kernel serves a block it has never heard of.
 */
import { BLOCKS } from '../../blocks/registry.ts';
import type { BlockRegistry } from '../../blocks/contract.ts';
import { guestbook } from '../fixtures/blocks/guestbook/index.tsx';

export const TEST_BLOCKS: BlockRegistry = { ...BLOCKS, guestbook };
