/**
 * What the shop keeps besides its orders (on the ledger) and what every seller keeps (the selling
 * kit's carts and stock): the steps a paid order has come through on the desk. Nothing of a person.
 */
import type { RecordDeclaration } from '../contract.ts';

export const orderSteps: RecordDeclaration = {
  kind: 'orderSteps',
  description: 'A step a paid shop order has come to on the desk (packed, sent): the order’s id, the step and when.',
  personal: false,
  example: () => ({ order: '4f1c9a7e2b3d5c6e8a0b1d2f', step: 'packed', at: '2026-06-15T15:20:00.000Z' }),
};
