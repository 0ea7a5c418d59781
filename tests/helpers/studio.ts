/** A copy of the desk's test fleet that the studio may write to, served with data, and an owner's studio requests. */
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
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

/** Signs in to a running server's desk through the link it wrote to its outbox (the data folder's, with no mail server set). */
export async function signInThroughOutbox(
  origin: string,
  dataDir: string,
  site: string,
  email: string,
  from = '198.51.100.9',
): Promise<{ cookie: string; csrf: string }> {
  const form = (fields: Record<string, string>, cookie?: string) => ({
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
  });
  const asked = await fetch(`${origin}/${site}/desk`, form({ email }));
  if (asked.status !== 200) throw new Error(`asking for a link answered ${asked.status}`);
  const outbox = join(dataDir, 'outbox');
  let token: string | undefined;
  // The link is mailed once the answer has gone: the outbox is read until it is there.
  for (let tries = 0; !token && tries < 600; tries++) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      // Quoted-printable: soft line breaks joined, "=" written as "=3D" (a token has no "=" of its own).
      const text = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      token ??= new RegExp(`/${site}/desk/sign-in\\?token=([A-Za-z0-9_-]{43})`).exec(text)?.[1];
    }
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error(`no sign-in link for ${email} in ${outbox}`);
  const opened = await fetch(`${origin}/${site}/desk/sign-in`, form({ token }));
  const cookie = String(opened.headers.get('set-cookie')).split(';')[0] as string;
  const desk = await (await fetch(`${origin}/${site}/desk`, { headers: { cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(desk)?.[1];
  if (!csrf) throw new Error('the desk did not open with the link');
  return { cookie, csrf };
}
