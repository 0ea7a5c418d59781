import type { Command } from 'commander';
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';

export function register(program: Command) {
  const store = program.command('store').description('move visitors’ data between stores');
  store
    .command('copy')
    .description(
      'copy every site’s data from the data folder (lowdb) into PostgreSQL, keeping ids and times; checks counts and checksums afterwards, and can be run again (what is there already is left as it is)',
    )
    .option('--from <store>', 'where the data is now: lowdb (the data folder)', 'lowdb')
    .option('--to <url>', 'the PostgreSQL database (default: DATABASE_URL)', process.env.DATABASE_URL)
    .option('--schema <name>', 'the schema the server uses (default: DATABASE_SCHEMA, else sitewright)', process.env.DATABASE_SCHEMA || 'sitewright')
    .option('--data <dir>', 'the data folder', process.env.DATA_DIR ?? 'data')
    .action(async (opts: { from: string; to?: string; schema: string; data: string }) => {
      if (opts.from !== 'lowdb') {
        process.stderr.write(`sitewright store copy: --from ${opts.from} is not a store it can read from; use --from lowdb.\n`);
        process.exitCode = 1;
        return;
      }
      if (!opts.to || !/^postgres(ql)?:\/\//.test(opts.to)) {
        process.stderr.write('sitewright store copy: give the database as --to postgres://… or set DATABASE_URL.\n');
        process.exitCode = 1;
        return;
      }
      const [{ LowdbStore }, { PostgresStore }, { StoreError }, { canonicalDigest }] = await Promise.all([
        import('../../runtime/store/lowdb-store.ts'),
        import('../../runtime/store/postgres-store.ts'),
        import('../../runtime/store/store.ts'),
        import('../../runtime/store/digest.ts'),
      ]);
      const dataDir = resolve(opts.data);
      const files = await readdir(dataDir).catch(() => undefined);
      if (!files) {
        process.stderr.write(`sitewright store copy: there is no data folder ${opts.data}.\n`);
        process.exitCode = 1;
        return;
      }
      const tenants = files.filter((f) => /^_?[a-z][a-z0-9]*\.json$/.test(f)).map((f) => f.slice(0, -'.json'.length));
      let from, to;
      try {
        // Read only: the copy can be made beside a server still writing; run it again after stopping that server.
        from = await LowdbStore.open(dataDir, { readOnly: true });
        to = await PostgresStore.open(opts.to, { schema: opts.schema, max: 2 });
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        process.stderr.write(`sitewright store copy: ${error.message}\n`);
        process.exitCode = 1;
        return;
      }
      let copied = 0;
      let added = 0;
      const wrong: string[] = [];
      try {
        for (const prefix of tenants) {
          const tenant = await from.tenant(prefix);
          let siteCopied = 0;
          let siteAdded = 0;
          for (const kind of await from.kinds(prefix)) {
            const records = await tenant.list(kind);
            if (!records.length) continue;
            siteAdded += await to.importRecords(prefix, kind, records);
            siteCopied += records.length;
            // Checked as stored there: every record, by id, with the same content.
            const there = await to.recordsWithIds(
              prefix,
              kind,
              records.map((r) => r.id),
            );
            if (there.length !== records.length) wrong.push(`${prefix} ${kind}: ${records.length} here, ${there.length} there`);
            else if (canonicalDigest(there) !== canonicalDigest(records)) wrong.push(`${prefix} ${kind}: the records there differ from the ones here`);
          }
          process.stdout.write(`${prefix}: ${siteCopied} record${siteCopied === 1 ? '' : 's'} (${siteAdded} new)\n`);
          copied += siteCopied;
          added += siteAdded;
        }
      } finally {
        await Promise.all([from.close(), to.close()]);
      }
      if (wrong.length) {
        process.stderr.write(
          `${wrong.join('\n')}\nsitewright store copy: ${wrong.length} check(s) failed; nothing here was changed. Run it again, or look at those records.\n`,
        );
        process.exitCode = 1;
        return;
      }
      process.stderr.write(
        `Copied ${copied} records of ${tenants.length} data file(s) into schema ${opts.schema} (${added} new, ${copied - added} there already); counts and checksums match. Uploaded files stay in ${opts.data}/uploads.\n`,
      );
    });
}
