import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The smallest reverse proxy: each request goes to the next backend in turn, headers and body as they came. */
export async function roundRobin(backends: string[]): Promise<{ origin: string; served: number[]; close: () => Promise<void> }> {
  let next = 0;
  const served = backends.map(() => 0);
  const server: Server = createServer((incoming, outgoing) => {
    const i = next++ % backends.length;
    served[i] = (served[i] ?? 0) + 1;
    const target = new URL(incoming.url ?? '/', backends[i]);
    const forward = request(target, { method: incoming.method, headers: { ...incoming.headers, host: target.host } }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forward.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(forward);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
