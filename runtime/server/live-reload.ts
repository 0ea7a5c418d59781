import type { FastifyInstance } from 'fastify';
import type { Reloader } from './reload.ts';

export const DEV_SCRIPT_URL = '/_sitewright/live-reload.js';

/** Reloads the page when its own site has been reloaded on the server. */
const CLIENT = `const site = location.pathname.split('/')[1];
const events = new EventSource('/_sitewright/events');
events.addEventListener('open', () => (document.documentElement.dataset.liveReload = 'on'));
events.addEventListener('reload', (event) => {
  if (event.data === site) location.reload();
});
`;

/**
 * Development only: every open page listens on a server-sent event stream and reloads itself
 * when the site it belongs to is saved (fixed or broken).
 */
export async function liveReload(app: FastifyInstance, { reloads }: { reloads: Reloader }) {
  // An open page holds its stream for as long as it is open: closing the server ends them, or it would wait for every tab.
  const streams = new Set<() => void>();
  app.addHook('preClose', () => {
    for (const end of streams) end();
  });

  app.get(DEV_SCRIPT_URL, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(CLIENT));

  app.get('/_sitewright/events', (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    reply.raw.write(': connected\n\n');
    const send = ({ prefix }: { prefix: string }) => reply.raw.write(`event: reload\ndata: ${prefix}\n\n`);
    const end = () => reply.raw.end();
    reloads.on('reload', send);
    streams.add(end);
    request.raw.on('close', () => {
      reloads.off('reload', send);
      streams.delete(end);
    });
  });
}
