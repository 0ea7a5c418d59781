/**
 * Gift cards at a booking: the code as typed is read back from the ledger (any case, with or
 * without dashes), and its balance pays first. The balance is taken in one step with the
 * booking's own key, so a card is never spent twice, and given back when a booking it paid for is
 * cancelled in time.
 */
import { NOT_FOUND } from '../kits/gifts/words.ts';
import { codeFromTyped } from '../kits/gifts/code.ts';
import { redeemCertificate, usableCertificate, type GiftServices } from '../kits/gifts/certificates.ts';
import type { Site } from '../../runtime/site.ts';

export interface GiftUse {
  code: string;
  /** What is left on it now, in minor units. */
  balance: number;
}

const REFUSED = {
  unknown: NOT_FOUND,
  practice: 'This gift card was bought in test mode, so it cannot pay for a real booking.',
  expired: 'This gift card is past its last day, so it cannot be used any more.',
} as const;

export const SPENT_MESSAGE = 'Nothing is left on this gift card. Leave the code out to pay by card.';
export const CHANGED_MESSAGE = 'This gift card was used for something else a moment ago. Please check its balance and try again.';

/** The gift card a visitor typed, with what is left on it, or the message to show beside the field. */
export async function giftFor(services: GiftServices, site: Site, typed: string): Promise<GiftUse | { error: string }> {
  const code = codeFromTyped(typed);
  if (!code) return { error: NOT_FOUND };
  const usable = await usableCertificate(services, site, code);
  if ('refused' in usable) return { error: REFUSED[usable.refused] };
  if (usable.balance <= 0) return { error: SPENT_MESSAGE };
  return { code, balance: usable.balance };
}

/** The ledger key a booking takes a gift card's balance with, and the one it gives it back with. */
export const redeemKey = (bookingId: string) => `booking:${bookingId}`;
export const restoreKey = (bookingId: string) => `restore:booking:${bookingId}`;

/** Takes `amount` from the card for a booking; true when it is taken (now or by an earlier try with the same key). */
export async function takeGift(services: GiftServices, site: Site, code: string, amount: number, bookingId: string): Promise<boolean> {
  const taken = await redeemCertificate(services, site, code, amount, redeemKey(bookingId));
  return 'added' in taken || taken.refused === 'repeat';
}
