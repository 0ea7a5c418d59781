import type { Command } from 'commander';
import { resolve } from 'node:path';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(program.command('start').description('serve every site (PORT, HOST, SITES_DIR, DATA_DIR, PUBLIC_URL)'))
    .option('--port <port>', 'the port to listen on')
    .option('--watch', 'also reload a site when its files change (SIGHUP always reloads every site)')
    .action(async (opts: { sites: string; port?: string; watch?: boolean }) => {
      // The server's code loads only for the commands that serve.
      const { serve, serveOptionsFromEnv } = await import('../serve.ts');
      const env = serveOptionsFromEnv();
      await serve({ ...env, sitesDir: resolve(opts.sites), port: opts.port ? Number(opts.port) : env.port, watch: opts.watch });
    });
}
