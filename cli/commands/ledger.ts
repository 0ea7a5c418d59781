import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Store } from '../../runtime/store/store.ts';

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
      const [{ stringify }, { openStore }, { StoreError }, { COLUMNS, decimal, row }] = await Promise.all([
        import('csv-stringify/sync'),
        import('../../runtime/services/index.ts'),
        import('../../runtime/store/store.ts'),
        import('../ledger-rows.ts'),
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
