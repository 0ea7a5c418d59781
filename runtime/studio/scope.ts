/** What every studio route shares: the desk's scope, the studio's options, the drafts' checks, and the guard that lets editors through. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeskScope, Signed } from '../desk/scope.ts';
import { DraftChecks } from './drafts.ts';
import type { StudioOptions } from './options.ts';
import { noteFileVersion } from './versions.ts';

/** Who may edit the site: its owners, and staff the document names as editors. */
export const mayEdit = (role: string) => role === 'owner' || role === 'editor';

export interface StudioScope {
  desk: DeskScope;
  options: StudioOptions;
  checks: DraftChecks;
  sitesDir: () => string;
  /** A studio route for those who may edit: others get the desk's refusal. */
  editor: (work: (request: FastifyRequest, reply: FastifyReply, signed: Signed) => unknown, post?: boolean | 'own-token') => ReturnType<DeskScope['guarded']>;
  /** The site's file as it is on disk, noted as the newest version when it changed there. */
  fileVersion: (signed: Signed) => ReturnType<typeof noteFileVersion>;
  json: (reply: FastifyReply, status: number, body: unknown) => FastifyReply;
  wantsJson: (request: FastifyRequest) => boolean;
}

export function studioScope(desk: DeskScope, options: StudioOptions): StudioScope {
  const sitesDir = () => desk.options.holder.current.sitesDir;
  return {
    desk,
    options,
    checks: new DraftChecks(options.check, sitesDir),
    sitesDir,
    editor: (work, post = false) =>
      desk.guarded((request, reply, signed) => {
        if (mayEdit(signed.session.role)) return work(request, reply, signed);
        const refusal = "<p>Only the site's owners, and staff the site's document names as editors (<code>role: editor</code>), can edit the site.</p>";
        return desk.framed(request, reply, signed, undefined, 'Not yours to edit', refusal, 403);
      }, post),
    fileVersion: async ({ site, tenant }) => noteFileVersion(tenant, await readFile(join(sitesDir(), site.prefix, 'site.yaml'), 'utf8'), desk.options.now()),
    json: (reply, status, body) => reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body)),
    wantsJson: (request) =>
      (request.headers['content-type'] ?? '').startsWith('application/json') || (request.headers.accept ?? '').startsWith('application/json'),
  };
}
