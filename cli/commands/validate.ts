import type { Command } from 'commander';
import { resolve } from 'node:path';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(
    program
      .command('validate')
      .argument('[prefix...]', 'only these sites (all by default)')
      .description('check every site, or the named ones, and print each problem with file:line:col and a fix'),
  )
    .option('--format <format>', 'text or json', 'text')
    .option('--fix', "make each problem's first suggested fix in the file, where it is a change to the file, then check again")
    .action(async (prefixes: string[], opts: { sites: string; format: string; fix?: boolean }) => {
      const started = performance.now();
      const [{ isDirectory, listSiteFolders, loadFleet }, { formatResults, summary }, { loadBlocks }] = await Promise.all([
        import('../../runtime/fleet.ts'),
        import('../report.ts'),
        import('../blocks.ts'),
      ]);
      const sitesDir = resolve(opts.sites);
      if (!(await isDirectory(sitesDir))) {
        process.stderr.write(`sitewright validate: there is no folder ${opts.sites}.\n`);
        process.exitCode = 1;
        return;
      }
      if (prefixes.length) {
        const all = await listSiteFolders(sitesDir);
        const unknown = prefixes.filter((p) => !all.includes(p));
        if (unknown.length) {
          const { closest, distance } = await import('../../runtime/config/suggest.ts');
          for (const p of unknown) {
            // A likely typo or the start of a name is offered as such; otherwise the nearest name, for orientation.
            const likely = all.find((name) => name.startsWith(p.toLowerCase())) ?? closest(p, all);
            const nearest = likely ?? [...all].sort((a, b) => distance(p, a) - distance(p, b))[0];
            const hint = likely ? ` Did you mean "${likely}"?` : nearest ? ` The closest name is "${nearest}".` : '';
            process.stderr.write(`sitewright validate: there is no site "${p}" in ${opts.sites}.${hint}\n`);
          }
          process.exitCode = 1;
          return;
        }
      }
      const blocks = await loadBlocks();
      if (opts.fix) {
        const { fixSites } = await import('../fix.ts');
        for (const line of await fixSites(sitesDir, blocks, prefixes.length ? prefixes : undefined)) process.stdout.write(`${line}\n`);
      }
      const fleet = await loadFleet(sitesDir, blocks, prefixes.length ? prefixes : undefined);
      const ms = Math.round(performance.now() - started);
      if (opts.format === 'json') {
        const out = fleet.results.map((r) => ({ site: r.prefix, file: r.file, valid: Boolean(r.site), problems: r.problems }));
        process.stdout.write(`${JSON.stringify({ sites: out, summary: summary(fleet, ms) }, null, 2)}\n`);
      } else {
        const text = formatResults(fleet.results);
        if (text) process.stdout.write(`${text}\n\n`);
        process.stdout.write(`${summary(fleet, ms)}\n`);
      }
      process.exitCode = fleet.sites.size < fleet.results.length ? 1 : 0;
    });
}
