import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Store } from '../../runtime/store/store.ts';
import type { StoredRecord } from '../../runtime/store/store.ts';

/** What visitors sent: the kinds the blocks keep. The ledger has its own export (sitewright ledger), and the desk's records are the owners'. */
async function visitorKinds(): Promise<string[]> {
  const [{ BLOCKS }, { declaredRecords, KERNEL_RECORDS }] = await Promise.all([import('../../blocks/registry.ts'), import('../../runtime/store/records.ts')]);
  return declaredRecords(BLOCKS)
    .filter((declaration) => !KERNEL_RECORDS.includes(declaration))
    .map((declaration) => declaration.kind);
}

export function register(program: Command) {
  program
    .command('submissions')
    .argument('<prefix>', 'the site')
    .description('export what visitors sent to a site: form submissions, registrations and newsletter contacts')
    .option('--form <id>', 'only this form')
    .option('--kind <kind>', 'a kind of record the site’s blocks keep: submissions, registrations, contacts, bookings, orders…', 'submissions')
    .option('--format <format>', 'csv or json', 'csv')
    .option('--data <dir>', 'the data folder the server uses', process.env.DATA_DIR ?? 'data')
    .action(async (prefix: string, opts: { form?: string; kind: string; format: string; data: string }) => {
      const kinds = await visitorKinds();
      if (!kinds.includes(opts.kind)) {
        process.stderr.write(`sitewright submissions: --kind is one of ${kinds.join(', ')}, not "${opts.kind}" (money is exported by sitewright ledger).\n`);
        process.exitCode = 1;
        return;
      }
      const [{ stringify }, { openStore }, { StoreError }, { neutraliseDeep, rows }] = await Promise.all([
        import('csv-stringify/sync'),
        import('../../runtime/services/index.ts'),
        import('../../runtime/store/store.ts'),
        import('../../runtime/store/csv.ts'),
      ]);
      // The export reads the files the server writes; with the server running, it reads a copy in memory and never writes.
      let store: Store;
      try {
        store = await openStore(resolve(opts.data), { serving: false, readOnly: true });
        const tenant = await store.tenant(prefix);
        const found = await tenant.list(opts.kind, opts.form ? { form: opts.form } : undefined);
        const changed = { n: 0 };
        const records = neutraliseDeep(found, changed) as StoredRecord[];
        if (opts.format === 'json') process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
        else {
          const flat = rows(records);
          const columns = [...new Set(flat.flatMap((r) => Object.keys(r)))];
          process.stdout.write(stringify(flat, { header: true, columns }));
        }
        process.stderr.write(`${records.length} ${opts.kind}${opts.form ? ` of form "${opts.form}"` : ''} from ${prefix}\n`);
        if (changed.n)
          process.stderr.write(
            `${changed.n} answer${changed.n === 1 ? '' : 's'} began with = + - @, a tab or a carriage return, which a spreadsheet would run as a formula: shown with a leading apostrophe.\n`,
          );
        await store.close();
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        process.stderr.write(`sitewright submissions: ${error.message}\n`);
        process.exitCode = 1;
      }
    });
}
