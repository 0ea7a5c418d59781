import type { Command } from 'commander';
import { resolve } from 'node:path';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(program.command('start').description('serve every site (PORT, HOST, SITES_DIR, DATA_DIR, PUBLIC_URL)'))
    .option('--port <port>', 'the port to listen on')
    .action(async (opts: { sites: string; port?: string }) => {
      // The server's code loads only for the commands that serve.
      const { serve, serveOptionsFromEnv } = await import('../serve.ts');
      const env = serveOptionsFromEnv();
      await serve({ ...env, sitesDir: resolve(opts.sites), port: opts.port ? Number(opts.port) : env.port });
    });
}
