import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Store } from '../../runtime/store/store.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';
import { asText } from '../../runtime/text.ts';
import { neutralise } from './submissions.ts';

const COLUMNS = [
  'date',
  'type',
  'amount',
  'amountMinor',
  'currency',
  'checkout',
  'purpose',
  'description',
  'reference',
  'email',
  'code',
  'balanceChange',
  'provider',
  'providerCheckoutId',
  'providerPaymentId',
  'providerRefundId',
  'providerEventId',
  'key',
  'details',
] as const;

/** Fields shown in columns of their own (a column's name, or the field it is made from); everything else an entry holds goes into `details`. */
const SHOWN = new Set<string>([...COLUMNS.filter((c) => c !== 'details'), 'id', 'createdAt', 'account', 'delta']);

/** An amount in minor units as a plain decimal for a spreadsheet ("104.04"), from integers. */
function decimal(minor: unknown, currency: string): string {
  if (!Number.isSafeInteger(minor)) return '';
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const n = minor as number;
  const whole = Math.trunc(Math.abs(n) / 10 ** digits);
  const part = String(Math.abs(n) % 10 ** digits).padStart(digits, '0');
  return `${n < 0 ? '-' : ''}${whole}${digits ? `.${part}` : ''}`;
}

function row(entry: StoredRecord): Record<(typeof COLUMNS)[number], string> {
  const text = (v: unknown) => (v === undefined || v === null ? '' : neutralise(asText(v)));
  const currency = typeof entry.currency === 'string' && /^[A-Z]{3}$/.test(entry.currency) ? entry.currency : 'USD';
  return {
    date: entry.createdAt,
    type: text(entry.type),
    amount: decimal(entry.amount, currency),
    amountMinor: Number.isSafeInteger(entry.amount) ? String(entry.amount) : '',
    currency,
    checkout: text(entry.checkout),
    purpose: text(entry.purpose),
    description: text(entry.description),
    reference: text(entry.reference),
    email: text(entry.email),
    code: text(entry.account),
    balanceChange: Number.isSafeInteger(entry.delta) ? decimal(entry.delta, currency) : '',
    provider: text(entry.provider),
    providerCheckoutId: text(entry.providerCheckoutId),
    providerPaymentId: text(entry.providerPaymentId),
    providerRefundId: text(entry.providerRefundId),
    providerEventId: text(entry.providerEventId),
    key: text(entry.key),
    // What the block kept with the entry (a donor's name and dedication, a certificate's recipient, the lines): one JSON cell.
    details: (() => {
      const rest = Object.fromEntries(Object.entries(entry).filter(([k]) => !SHOWN.has(k)));
      return Object.keys(rest).length ? neutralise(JSON.stringify(rest)) : '';
    })(),
  };
}

export function register(program: Command) {
  program
    .command('ledger')
    .argument('<prefix>', 'the site')
    .description("export a site's ledger: every checkout, payment, refund, donation and gift certificate movement, oldest first")
    .option('--format <format>', 'csv or json', 'csv')
    .option('--from <date>', 'only entries on or after this day (YYYY-MM-DD, UTC)')
    .option('--data <dir>', 'the data folder the server uses', process.env.DATA_DIR ?? 'data')
    .action(async (prefix: string, opts: { format: string; from?: string; data: string }) => {
      if (opts.format !== 'csv' && opts.format !== 'json') {
        process.stderr.write(`sitewright ledger: --format is csv or json, not "${opts.format}".\n`);
        process.exitCode = 1;
        return;
      }
      if (opts.from !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(opts.from) || Number.isNaN(Date.parse(`${opts.from}T00:00:00Z`)))) {
        process.stderr.write(`sitewright ledger: --from takes a day written YYYY-MM-DD, such as 2026-11-01, not "${opts.from}".\n`);
        process.exitCode = 1;
        return;
      }
      const [{ stringify }, { openStore }, { StoreError }] = await Promise.all([
        import('csv-stringify/sync'),
        import('../../runtime/services/index.ts'),
        import('../../runtime/store/store.ts'),
      ]);
      // Read-only, as submissions: beside a running server it reads the file and never writes.
      let store: Store;
      try {
        store = await openStore(resolve(opts.data), { serving: false, readOnly: true });
        const entries = (await (await store.tenant(prefix)).list('ledger'))
          .filter((e) => !opts.from || e.createdAt >= `${opts.from}T00:00:00.000Z`)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        const rows = entries.map(row);
        if (opts.format === 'json') process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        else process.stdout.write(stringify(rows, { header: true, columns: [...COLUMNS] }));
        const paid = entries.filter((e) => e.type === 'paid');
        const totals = new Map<string, number>();
        for (const e of paid)
          totals.set(String(e.currency), (totals.get(String(e.currency)) ?? 0) + (Number.isSafeInteger(e.amount) ? (e.amount as number) : 0));
        process.stderr.write(
          `${entries.length} ledger entr${entries.length === 1 ? 'y' : 'ies'} from ${prefix}${opts.from ? ` since ${opts.from}` : ''}; ${paid.length} paid${[...totals].map(([c, n]) => `, ${decimal(n, c)} ${c}`).join('')}\n`,
        );
        await store.close();
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        process.stderr.write(`sitewright ledger: ${error.message}\n`);
        process.exitCode = 1;
      }
    });
}
