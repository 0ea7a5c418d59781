/**
 * The counters every limit is made of (rate-limiter-flexible, shared through Redis when there is
 * one) and who a visitor is to them.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** An IPv4 address as it is; an IPv6 address by its first four groups (its /64 network). */
export function visitorKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups: string[] = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Seconds until a refused key may try again, or undefined when it was taken. */
export async function take(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number | undefined> {
  try {
    await limiter.consume(key, points);
    return undefined;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

/** A counter of `points` a `duration` (seconds) per key: shared through Redis when there is one, else this process's. */
export function limiter(redis: Redis | undefined, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  // While Redis cannot be reached, each process counts alone (the library's insurance limiter), so forms keep working; shared again once it answers.
  return redis
    ? new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `sitewright:${keyPrefix}`,
        points,
        duration,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
        rejectIfRedisNotReady: true,
      })
    : new RateLimiterMemory({ keyPrefix, points, duration });
}
