import type { Command } from 'commander';
import { resolve } from 'node:path';
import { loadFleet } from '../../runtime/fleet.ts';
import { formatResults, summary } from '../report.ts';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(program.command('validate').description('check every site and print each problem with file:line:col and a fix'))
    .option('--format <format>', 'text or json', 'text')
    .action(async (opts: { sites: string; format: string }) => {
      const started = performance.now();
      const fleet = await loadFleet(resolve(opts.sites));
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
