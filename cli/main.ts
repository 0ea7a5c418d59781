import { Command } from 'commander';
import { resolve } from 'node:path';
import { loadFleet } from '../runtime/fleet.ts';
import { formatResults, summary } from './report.ts';

const program = new Command('sitewright').description('Sitewright: many small-business websites, each one YAML file.');

const sitesOption = (cmd: Command) => cmd.option('--sites <dir>', 'the folder of sites', process.env.SITES_DIR ?? 'sites');

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

sitesOption(program.command('routes').description('print every address the fleet serves'))
  .option('--json', 'print a JSON array of { site, path, url, page }')
  .action(async (opts: { sites: string; json?: boolean }) => {
    const fleet = await loadFleet(resolve(opts.sites));
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

sitesOption(program.command('start').description('serve every site (PORT, HOST, SITES_DIR, DATA_DIR, PUBLIC_URL)'))
  .option('--port <port>', 'the port to listen on')
  .action(async (opts: { sites: string; port?: string }) => {
    // The server's code loads only for the commands that serve.
    const { serve, serveOptionsFromEnv } = await import('./serve.ts');
    const env = serveOptionsFromEnv();
    await serve({ ...env, sitesDir: resolve(opts.sites), port: opts.port ? Number(opts.port) : env.port });
  });

await program.parseAsync(process.argv);
