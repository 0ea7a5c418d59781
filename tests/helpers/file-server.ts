/** The plainest file server, as a CDN serves a static export: a path is a file, or a folder with an index.html; a query string is ignored. */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain',
};

export function fileServer(root: string): Server {
  return createServer(
    (req, res) =>
      void (async () => {
        const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
        for (const candidate of [join(root, path), join(root, path, 'index.html')]) {
          const info = await stat(candidate).catch(() => undefined);
          if (info?.isFile()) {
            res.writeHead(200, { 'content-type': TYPES[extname(candidate)] ?? 'application/octet-stream' });
            res.end(await readFile(candidate));
            return;
          }
        }
        res.writeHead(404).end();
      })(),
  );
}

/** Starts a file server over `root` on a free port; its origin and a way to stop it. */
export async function serveFiles(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = fileServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
