/**
 * A paid gift: one `donation` entry on the ledger (kept once per checkout, however often the
 * provider says it was paid) and a short note to the organisation. The donor's receipt is sent
 * by the money core.
 */
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { isTestCheckout, type EntryFields } from '../../runtime/payments/ledger.ts';
import { formatMoneyExact } from '../../runtime/payments/money.ts';
import { receiptNumber } from '../../runtime/payments/numbers.ts';
import type { PaidInput } from '../contract.ts';

/** Whether a donate block of the site (the one the gift came through, by its name) asks donors for a declaration. */
const asksDeclaration = (site: PaidInput['site'], donation: unknown) => {
  for (const { block } of blocksIn(site.data.pages)) if (block.type === 'donate' && block.donation === donation && block.declaration) return true;
  return false;
};

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export async function donationPaid({ site, opened, services, log }: PaidInput): Promise<void> {
  const checkout = String(opened.checkout);
  const details = (opened.details && typeof opened.details === 'object' ? opened.details : {}) as Record<string, unknown>;
  const amount = Number(opened.amount);
  const currency = String(opened.currency);
  const monthly = opened.mode === 'monthly';
  const name = textOf(details.name) ?? '';
  const dedication = textOf(details.dedication);
  const declaration = details.declaration === true;
  const address = textOf(details.address);
  const email = textOf(opened.email);
  const key = `donation:${checkout}`;
  const entry: EntryFields = {
    type: 'donation',
    key,
    checkout,
    amount,
    currency,
    monthly,
    name,
    ...(dedication ? { dedication } : {}),
    declaration,
    ...(email ? { email } : {}),
  };
  const tenant = await services.store.tenant(site.prefix);
  const kept = await tenant.addOnce('ledger', { key }, entry);
  if (!('added' in kept)) return;

  const to = site.data.site.notify ?? site.data.site.email;
  if (!to) {
    log.info({ site: site.prefix, checkout }, 'a gift was received; the site has no e-mail address to tell');
    return;
  }
  const money = formatMoneyExact(amount, currency, site.data.site.language);
  const test = isTestCheckout(opened);
  const lines = [
    `${name || 'A donor'} gave ${money}${monthly ? ' every month' : ''} to ${site.data.site.name} through the website.`,
    '',
    `Donor: ${name}${email ? ` <${email}>` : ''}`,
    `Amount: ${money}`,
    `How often: ${monthly ? 'every month, until the donor stops it' : 'once'}`,
    `For: ${String(opened.description)}`,
    `Dedication: ${dedication ?? 'none'}`,
    // A site that never asks for one has nothing to say about it.
    ...(declaration || asksDeclaration(site, details.donation) ? [`Declaration: ${declaration ? 'yes' : 'no'}`] : []),
    ...(declaration && address ? [`Home address: ${address.replace(/\s*\n\s*/g, ', ')}`] : []),
    `Receipt number: ${receiptNumber(checkout)}`,
    ...(test ? ['', 'TEST MODE: this was a practice gift and no money was taken.'] : []),
  ];
  await services.mailer
    .send({
      to,
      subject: `${test ? '[Test] ' : ''}A ${monthly ? 'monthly ' : ''}gift of ${money} from ${name || 'a donor'}`,
      text: lines.join('\n'),
      ...(email ? { replyTo: email } : {}),
    })
    .catch((error: Error) =>
      log.error({ site: site.prefix, checkout, err: error.message }, 'the note about a gift could not be e-mailed; the gift is on the ledger'),
    );
}

/** A later month of a monthly gift: one more `donation` entry, kept once per month's payment. The organisation was told when the gift began. */
export async function donationRenewed({ site, opened, paid, services }: PaidInput): Promise<void> {
  const details = (opened.details && typeof opened.details === 'object' ? opened.details : {}) as Record<string, unknown>;
  const dedication = textOf(details.dedication);
  const email = textOf(opened.email);
  const key = `donation:${String(paid.key)}`;
  const entry: EntryFields = {
    type: 'donation',
    key,
    checkout: String(opened.checkout),
    amount: Number(paid.amount),
    currency: String(opened.currency),
    monthly: true,
    renewal: true,
    name: textOf(details.name) ?? '',
    ...(dedication ? { dedication } : {}),
    declaration: details.declaration === true,
    ...(email ? { email } : {}),
  };
  await (await services.store.tenant(site.prefix)).addOnce('ledger', { key }, entry);
}
