/** A copy of the desk's test fleet that the studio may write to, served with data, and an owner's studio requests. */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DESK_FLEET } from './app.ts';

/** The desk fleet copied to a folder of its own, alpha with an editor beside its owner and staff. */
export async function studioFleet(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-studio-'));
  await cp(DESK_FLEET, dir, { recursive: true });
  const file = join(dir, 'alpha', 'site.yaml');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('    role: staff\n', '    role: staff\n  - email: eddie@alpha.example.com\n    name: Eddie Editor\n    role: editor\n'));
  return dir;
}

/** What an editor's browser sends the studio: JSON with the session's token, as the editor does. */
export function studioClient(app: () => FastifyInstance, session: { cookie: string; csrf: string }) {
  const json = (method: 'POST' | 'GET', url: string, body?: Record<string, unknown>) =>
    app().inject({
      method,
      url,
      headers: { cookie: session.cookie, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify({ _csrf: session.csrf, ...body }) } : {}),
    });
  return {
    json,
    draft: (site: string, text: string, base: number) => json('POST', `/${site}/desk/studio/draft`, { text, base }),
    publish: (site: string, text: string, base: number, message = '') => json('POST', `/${site}/desk/studio/publish`, { text, base, message }),
    get: (url: string) => app().inject({ method: 'GET', url, headers: { cookie: session.cookie } }),
  };
}

/** The 1-based line of the first line holding `needle`. */
export const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
