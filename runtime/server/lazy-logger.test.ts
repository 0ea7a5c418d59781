import Fastify from 'fastify';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-logger.ts';

/** A server logging at "warn" into lines we read, counting the request loggers pino makes. */
async function served() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'warn' }, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => (children++, child(...args))) as typeof logger.child;
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLogger });
  app.get('/quiet', async (request) => (request.log.info('not written at warn'), 'ok'));
  app.get('/loud', async (request) => (request.log.warn({ extra: 1 }, 'written'), 'ok'));
  await app.ready();
  return { app, lines, children: () => children };
}

describe('a request logger made only when needed', () => {
  it('makes none for requests that log nothing the server writes, and logs the same as before when one does', async () => {
    const { app, lines, children } = await served();
    const before = children();
    for (let i = 0; i < 20; i++) expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children()).toBe(before);
    expect(lines).toEqual([]);
    expect((await app.inject('/loud')).statusCode).toBe(200);
    expect(children()).toBe(before + 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'written', extra: 1 });
    expect(typeof lines[0]?.reqId).toBe('string');
    await app.close();
  });
});
