/**
 * The donate block's page on the owner's desk: every gift received, newest first, with the donor,
 * what they gave and how often, its dedication, and whether they made the declaration (with the
 * home address it needs, for a tax claim or a written acknowledgement); refunded and test-mode
 * gifts marked. Read from the ledger in one pass; a gift is kept as it was given, so the page has
 * nothing to press, and its CSV is what a claim or a thank-you letter is made from. On the desk's
 * Money page it names the part of each month's takings that was given.
 */
import { deskTime } from '../../runtime/desk/ui.ts';
import { byCheckout, checkoutOf, isTestCheckout, momentOf } from '../../runtime/payments/ledger.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import type { DeskBoard, DeskBoardInput } from '../contract.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface Gift {
  entry: StoredRecord;
  opened?: StoredRecord;
  refunded: boolean;
}

/** The site's gifts, newest first: each `donation` entry with the checkout it was paid through. */
async function gifts(input: DeskBoardInput): Promise<Gift[]> {
  const ledger = await (await input.services.store.tenant(input.site.prefix)).list('ledger');
  const checkouts = byCheckout(ledger);
  return ledger
    .filter((e) => e.type === 'donation')
    .map((entry) => {
      const checkout = checkoutOf(checkouts.get(text(entry.checkout)) ?? []);
      return { entry, ...(checkout ? { opened: checkout.opened } : {}), refunded: checkout?.status === 'refunded' };
    })
    .reverse();
}

function howOften(entry: StoredRecord): string {
  if (entry.monthly !== true) return 'Once';
  return entry.renewal === true ? 'Monthly (a later month)' : 'Monthly (first gift)';
}

export const donationDesk: DeskBoard = {
  slug: 'donations',
  kind: 'ledger',
  label: 'Donations',
  intro:
    'Every gift received through the website, newest first, monthly gifts once for each month they were paid. Donors who made the declaration are marked, with the home address it needs. A gift cannot be changed here; refunds are made with your payment provider.',
  columns: ['Received', 'Donor', 'E-mail', 'Amount', 'How often', 'For', 'Dedication', 'Declaration', 'Status'],
  async rows(input) {
    const { site } = input;
    const locale = site.data.site.language;
    return (await gifts(input)).map(({ entry, opened, refunded }) => {
      const address = text(((opened?.details ?? {}) as Record<string, unknown>).address).replace(/\s*\n\s*/g, ', ');
      return {
        id: entry.id,
        cells: [
          deskTime(site, momentOf(entry)),
          text(entry.name) || '(no name given)',
          text(entry.email),
          formatMoneyExact(Number(entry.amount), text(entry.currency), locale),
          howOften(entry),
          text(opened?.description),
          text(entry.dedication),
          entry.declaration === true ? `Yes${address ? `: ${address}` : ''}` : 'No',
          `${refunded ? 'Refunded' : 'Received'}${isTestCheckout(opened) ? ' (test: no money moved)' : ''}`,
        ],
        actions: [],
      };
    });
  },
  // Of each month's takings, what was given: the ledger's donation entries.
  money: { label: 'Of it donations', column: 'donations', amountOf: (entry) => (entry.type === 'donation' ? Number(entry.amount) : 0) },
  async act(input, id) {
    const found = (await gifts(input)).some((g) => g.entry.id === id);
    return found
      ? { refused: 422, problem: 'A gift is kept as it was given: nothing can be done to it here.' }
      : { refused: 404, problem: 'There is no such gift on this site.' };
  },
};
