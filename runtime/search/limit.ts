/**
 * How many searches one visitor may make on one site in a minute: the results page and the JSON
 * the box fetches as they type both count. A visitor is their address as the server sees it, an
 * IPv6 address by its /64 network (see runtime/server/limits.ts). Neither the address nor the
 * query is logged here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Site } from '../site.ts';
import { visitorKey } from '../server/limits.ts';

/** Enough for a visitor typing a few queries a minute letter by letter, not for a scraper. */
export const SEARCHES_PER_MINUTE = 120;

export class SearchLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(perMinute = SEARCHES_PER_MINUTE, redis?: Redis) {
    this.limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: 'sitewright:searches',
          points: perMinute,
          duration: 60,
          // Redis out of reach: this process counts alone until it answers again.
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: 'searches', points: perMinute, duration: 60 }),
          rejectIfRedisNotReady: true,
        })
      : new RateLimiterMemory({ keyPrefix: 'searches', points: perMinute, duration: 60 });
  }

  /** Seconds to wait, or undefined when this search may go ahead. */
  async take(prefix: string, ip: string): Promise<number | undefined> {
    try {
      await this.limiter.consume(`${prefix} ${visitorKey(ip)}`);
      return undefined;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw refusal;
    }
  }

  /**
   * Serves a GET of a site's search page (the results, or the JSON the box fetches) if this
   * visitor may search again; over the limit, 429 (JSON for the box's fetch, `page` otherwise)
   * before any searching is done.
   */
  async guard(
    request: FastifyRequest,
    reply: FastifyReply,
    site: Site,
    query: Record<string, string>,
    page: () => Buffer,
    serve: () => unknown,
  ): Promise<unknown> {
    const wait = await this.take(site.prefix, request.ip);
    if (wait === undefined) return serve();
    reply.code(429).header('retry-after', String(wait)).header('cache-control', 'no-store');
    if (query._data !== undefined)
      return reply.type('application/json; charset=utf-8').send({ error: 'Too many searches from here: please wait a minute and try again.' });
    return reply.type('text/html; charset=utf-8').send(page());
  }
}
