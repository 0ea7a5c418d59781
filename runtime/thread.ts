import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { ROOT } from './paths.ts';

/**
 * A worker thread running a module of ours: its compiled JavaScript beside the caller, or its
 * TypeScript source read through tsx registered with the project's tsconfig, as cli/sitewright.mjs
 * does (a thread does not inherit the module hooks of the thread that starts it).
 */
export function startThread(source: URL, options: WorkerOptions): Worker {
  if (!fileURLToPath(source).endsWith('.ts')) return new Worker(source, options);
  const compiled = new URL(source.href.replace(/\.ts$/, '.js'));
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) return new Worker(compiled, options);
  const start = [
    `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});`,
    `register({ tsconfig: ${JSON.stringify(join(ROOT, 'tsconfig.json'))} });`,
    `await import(${JSON.stringify(source.href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(start)}`), options);
}
