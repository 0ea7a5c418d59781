import type { Command } from 'commander';
import { resolve } from 'node:path';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(program.command('routes').description('print every address the fleet serves'))
    .option('--json', 'print a JSON array of { site, path, url, page }')
    .action(async (opts: { sites: string; json?: boolean }) => {
      const [{ loadFleet }, { loadBlocks }] = await Promise.all([import('../../runtime/fleet.ts'), import('../blocks.ts')]);
      const fleet = await loadFleet(resolve(opts.sites), await loadBlocks());
      const rows = [...fleet.sites.values()].flatMap((site) =>
        site.targets.map((t) => ({ site: site.prefix, path: t.path, url: `/${site.prefix}${t.path === '/' ? '' : t.path}`, page: t.page.path })),
      );
      if (opts.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
      else process.stdout.write(`${rows.map((r) => `${r.url}\t(${r.page})`).join('\n')}\n`);
      const failed = fleet.results.filter((r) => !r.site);
      if (failed.length) {
        process.stderr.write(`${failed.length} invalid site(s) left out: ${failed.map((r) => r.prefix).join(', ')}. Run "sitewright validate" for details.\n`);
      }
    });
}
