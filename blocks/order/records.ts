/**
 * What the order block keeps: each order a guest places with the kitchen, for a pickup or delivery
 * time (see kitchen.ts). The carts guests fill first are the shop's (blocks/shop/records.ts).
 */
import type { RecordDeclaration } from '../contract.ts';

export const orders: RecordDeclaration = {
  kind: 'orders',
  description: 'An order for the kitchen: what was ordered, for when, paid how, and the guest’s name, e-mail address, phone and address.',
  personal: { emailFields: ['email'], onErase: 'delete' },
  example: (email) => ({
    scope: 'order:/menu',
    number: 'K7QM-3XPD',
    status: 'placed',
    fulfilment: 'pickup',
    payment: 'at-pickup',
    name: 'Ana Lima',
    email,
    phone: '+1 555 0100',
    lines: [{ item: 'margherita', name: 'Margherita', options: ['Size: Large'], quantity: 2, unit: 1400, total: 2800 }],
    subtotal: 2800,
    fee: 0,
    total: 2800,
    currency: 'USD',
    slot: 'kitchen@2026-06-15T18:30',
    slotId: '2026-06-15T18:30',
    startUtc: '2026-06-15T22:30:00.000Z',
    places: 1,
    capacity: 6,
  }),
};
