/**
 * Every response is ours: malformed URLs, full-URL request lines and broken uploads get the
 * platform's own answers with its security headers, and the log gets a warning, not a stack.
 */
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet } from '../runtime/fleet.ts';
import { buildApp } from '../runtime/server/app.ts';
import { FORMS_FLEET } from './helpers/app.ts';
import { openServices } from '../runtime/services/index.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLOCKS } from '../blocks/registry.ts';

const logged: { level: number; msg: string; err?: unknown }[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
let origin: string;

beforeAll(async () => {
  const services = await openServices(await mkdtemp(join(tmpdir(), 'sitewright-responses-')));
  const stream = new Writable({ write: (chunk: Buffer, _e, done) => (logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]), done()) });
  app = await buildApp({
    blocks: BLOCKS,
    fleet: await loadFleet(FORMS_FLEET, BLOCKS),
    origin: 'https://sites.example.com',
    services,
    logger: { level: 'warn', stream },
  });
  app.addHook('onClose', () => services.store.close());
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** A request written by hand, as a client that does not follow the usual form sends it. */
function raw(request: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('every response is ours', () => {
  it('sends the security headers, HSTS behind https, a Permissions-Policy and one rule for framing', async () => {
    const res = await app.inject('/gamma');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("answers a URL that cannot be decoded with its own 400 page and headers, not the framework's JSON", async () => {
    const res = await app.inject('/gamma/%ZZ');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.body).not.toMatch(/FST_|fastify/i);
  });

  it('routes a request line with a full URL to the page it names', async () => {
    const reply = await raw('GET http://sites.example.com/gamma/contact HTTP/1.1\r\nHost: sites.example.com\r\nConnection: close\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(reply).toContain('<title>Contact us | Gamma Basements</title>');
  });

  it('answers an HTTP/1.1 request without Host with its own 400 page and headers, and still serves HTTP/1.0 without one', async () => {
    for (const path of ['/', '/gamma/contact', '/no-such-site']) {
      const reply = await raw(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expect(reply, path).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(reply, path).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/);
      expect(reply, path).toContain('\r\nx-frame-options: DENY');
      expect(reply, path).toContain('\r\ncontent-type: text/html; charset=utf-8');
      expect(reply, path).toContain('<h1>');
      expect(reply, path).not.toContain('Contact us');
    }
    const older = await raw('GET /gamma/contact HTTP/1.0\r\n\r\n');
    expect(older).toMatch(/^HTTP\/1\.1 200/);
  });

  it('answers a request whose headers are too large with its own 431 page and headers', async () => {
    const reply = await raw(`GET /gamma HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 431/);
    expect(reply).toContain('content-security-policy:');
    expect(reply).toContain('<h1>Request too large</h1>');
  });

  it('answers a broken upload with 400 and logs a warning without a stack', async () => {
    const before = logged.length;
    const body = '--xx\r\nContent-Disposition: form-data; name="_form"\r\n\r\nvirtual-assessment\r\n--xx\r\nContent-Disposition: form';
    const reply = await raw(
      `POST /gamma/assessment HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=xx\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('content-security-policy');
    const lines = logged.slice(before);
    expect(lines.some((l) => l.level === 40)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('    at ');
  });
});
