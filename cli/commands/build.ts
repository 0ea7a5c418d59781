import type { Command } from 'commander';
import { resolve } from 'node:path';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(
    program
      .command('build')
      .argument('[prefix...]', 'only these sites (all when none)')
      .description('export every page as static files for a file server or CDN'),
  )
    .requiredOption('--out <dir>', 'the folder to write to')
    .option('--origin <url>', 'the public origin for canonical links', process.env.PUBLIC_URL ?? 'http://localhost:3000')
    .option('--api-origin <url>', 'where the Sitewright server that takes form posts answers (its DATA_DIR or SITEWRIGHT_SECRET signs the forms)')
    .action(async (prefixes: string[], opts: { sites: string; out: string; origin: string; apiOrigin?: string }) => {
      const [{ exportSites }, { loadSigner }, { formatResults }, { BLOCKS_MODULE }] = await Promise.all([
        import('../../runtime/export.ts'),
        import('../../runtime/services/signing.ts'),
        import('../report.ts'),
        import('../blocks.ts'),
      ]);
      const tty = process.stdout.isTTY;
      let last = 0;
      const started = Date.now();
      const signer = opts.apiOrigin ? await loadSigner(resolve(process.env.DATA_DIR ?? 'data')) : undefined;
      const result = await exportSites({
        sitesDir: resolve(opts.sites),
        // The threads load the blocks; this one only hands out sites.
        blocksModule: BLOCKS_MODULE,
        out: resolve(opts.out),
        origin: opts.origin.replace(/\/$/, ''),
        prefixes,
        apiOrigin: opts.apiOrigin,
        signer,
        // The copies of photos are kept with the server's (DATA_DIR), so an export after a server has run makes none again.
        imageCacheDir: resolve(process.env.DATA_DIR ?? 'data', 'image-variants'),
        onProgress(done, total) {
          // Counts on one line, once the export has taken more than a moment.
          if (!tty || Date.now() - started < 500 || (done !== total && Date.now() - last < 100)) return;
          last = Date.now();
          const width = 30;
          const filled = Math.round((done / total) * width);
          process.stdout.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} sites`);
        },
      });
      if (tty && Date.now() - started >= 500) process.stdout.write('\n');
      const { failed, unknown } = result;
      if (failed.length)
        process.stderr.write(
          `${formatResults(failed)}\n\n${failed.length} invalid site(s) left out of the export: ${failed.map((r) => r.prefix).join(', ')}\n`,
        );
      if (unknown.length) process.stderr.write(`no such site: ${unknown.join(', ')}\n`);
      const perSecond = result.pages / (result.ms / 1000);
      // Every thread of the export is in this process: its peak resident memory covers them all (Pagefind's indexer is a process of its own).
      const peakMiB = (process.resourceUsage().maxRSS * 1024) / 2 ** 20;
      process.stdout.write(
        `Exported ${result.pages} pages of ${result.sites} sites to ${opts.out} in ${(result.ms / 1000).toFixed(1)} s (${perSecond.toFixed(0)} pages per second), peak memory ${peakMiB.toFixed(0)} MiB\n`,
      );
      if (result.searchSites) process.stdout.write(`${result.searchSites} sites search in the browser, from a Pagefind index in their pagefind/ folder\n`);
      if (result.formPages && !opts.apiOrigin) {
        process.stderr.write(
          `${result.formPages} exported pages have forms, which post to their own address: a plain file server cannot take them. Export with --api-origin <url of a running Sitewright server> to send them there.\n`,
        );
      } else if (result.formPages) {
        process.stdout.write(`${result.formPages} pages with forms post to ${opts.apiOrigin}\n`);
      }
      process.exitCode = failed.length || unknown.length ? 1 : 0;
    });
}
