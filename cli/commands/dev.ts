import type { Command } from 'commander';
import { resolve } from 'node:path';
import { sitesOption } from '../options.ts';

export function register(program: Command) {
  sitesOption(program.command('dev').description('serve every site, reload a site when it is saved, and show its problems in the browser'))
    .option('--port <port>', 'the port to listen on')
    .action(async (opts: { sites: string; port?: string }) => {
      const { serve, serveOptionsFromEnv } = await import('../serve.ts');
      const env = serveOptionsFromEnv();
      await serve({ ...env, host: process.env.HOST ?? '127.0.0.1', sitesDir: resolve(opts.sites), port: opts.port ? Number(opts.port) : env.port, dev: true });
    });
}
