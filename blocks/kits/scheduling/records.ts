/**
 * What booking keeps: each booking of a slot, held while it is paid, then confirmed or
 * cancelled (see bookings.ts beside it). The booking block and the trip builder, which books its vans the
 * same way, both list this one declaration.
 */
import type { RecordDeclaration } from '../../contract.ts';

export const bookings: RecordDeclaration = {
  kind: 'bookings',
  description:
    'Places of a slot taken by a visitor (a room, a class, a van): when, how many, who and their e-mail address, their answers to the block’s own questions, what is left to pay at the visit, and how far it has come.',
  personal: { emailFields: ['email'], answerFields: ['answers'], onErase: 'delete' },
  example: (email) => ({
    resource: 'vault',
    slot: 'vault@2026-06-20T18:30',
    slotId: '2026-06-20T18:30',
    startUtc: '2026-06-20T22:30:00.000Z',
    endUtc: '2026-06-20T23:30:00.000Z',
    places: 4,
    capacity: 1,
    name: 'Ana Lima',
    email,
    answers: { phone: '(555) 555-0142' },
    status: 'confirmed',
    confirmedAt: '2026-06-15T12:04:00.000Z',
  }),
};
