import type { Command } from 'commander';
import { join, resolve } from 'node:path';

export function register(program: Command) {
  program
    .command('erase')
    .argument('<prefix>', 'the site')
    .description(
      'erase what one person sent to a site (their right to erasure): submissions, registrations, newsletter contacts and files that hold their e-mail address',
    )
    .requiredOption('--email <address>', 'the e-mail address of the person')
    .option('--data <dir>', 'the data folder the server uses', process.env.DATA_DIR ?? 'data')
    .action(async (prefix: string, opts: { email: string; data: string }) => {
      const [{ openStore }, { StoreError }, { erasePerson }, { BLOCKS }] = await Promise.all([
        import('../../runtime/services/index.ts'),
        import('../../runtime/store/store.ts'),
        import('../../runtime/store/erase.ts'),
        import('../../blocks/registry.ts'),
      ]);
      if (!/^[^\s@]+@[^\s@]+$/.test(opts.email.trim())) {
        process.stderr.write(`sitewright erase: "${opts.email}" is not an e-mail address.\n`);
        process.exitCode = 1;
        return;
      }
      const dataDir = resolve(opts.data);
      try {
        // Erasing writes: it takes the data folder's lock, so the server must not be writing to it at the same time.
        const store = await openStore(dataDir, { serving: false });
        try {
          const erased = await erasePerson(store, join(dataDir, 'uploads'), prefix, opts.email, BLOCKS);
          const total = Object.values(erased.records).reduce((a, b) => a + b, 0);
          for (const [kind, n] of Object.entries(erased.records)) if (n) process.stdout.write(`${n} ${kind}\n`);
          for (const file of erased.files) process.stdout.write(`file ${file}\n`);
          process.stderr.write(
            `Erased ${total} record${total === 1 ? '' : 's'} and ${erased.files.length} file${erased.files.length === 1 ? '' : 's'} of ${opts.email.trim()} from ${prefix}.\n`,
          );
          if (erased.kept)
            process.stderr.write(
              `Kept ${erased.kept} ledger entr${erased.kept === 1 ? 'y' : 'ies'} (payments, donations, gift certificates): money records the business must keep for its accounts.\n`,
            );
        } finally {
          await store.close();
        }
      } catch (error) {
        if (!(error instanceof StoreError)) throw error;
        const hint = error.code === 'SW_DATA_LOCKED' ? ' Stop the server, erase, then start it again.' : '';
        process.stderr.write(`sitewright erase: ${error.message}${hint}\n`);
        process.exitCode = 1;
      }
    });
}
