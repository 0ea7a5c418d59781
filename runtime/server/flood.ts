/**
 * A site's own limit on posts, counted in two-minute windows of the server's clock. Refusing
 * everyone past it would let a few dozen addresses, each within its own limit, lock every visitor
 * of the site out of every form (payments and bookings too) for as long as the window lasts.
 * Past it the site is flooded instead: a post whose form was shown before the flood began goes
 * through (once per visitor for each time stamp), and a visitor who opened the form since is asked
 * to come back when the window ends, at most two minutes later. Shared through Redis like every limit.
 */
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { limiter, take, visitorKey } from './counters.ts';

export const FLOOD_WINDOW_MS = 120_000;
const WINDOW_S = FLOOD_WINDOW_MS / 1000;

export type SiteVerdict = { kind: 'open' } | { kind: 'flooded'; since: number; seconds: number };

export class SiteFlood {
  private readonly count: RateLimiterAbstract;
  private readonly began: RateLimiterAbstract;
  private readonly used: RateLimiterAbstract;

  constructor(
    perTenMinutes: number,
    redis: Redis | undefined,
    private readonly now: () => number,
  ) {
    const perWindow = Math.max(1, Math.round((perTenMinutes * FLOOD_WINDOW_MS) / 600_000));
    // Keyed by the window's number, so moving the clock (tests) starts a new one; each key outlives its window a little.
    this.count = limiter(redis, 'site', perWindow, 2 * WINDOW_S);
    // A "counter" used as a shared number: the time the flood began, set once per window.
    this.began = limiter(redis, 'flood-began', Number.MAX_SAFE_INTEGER, 2 * WINDOW_S);
    // A time stamp outlives its form by a day at most.
    this.used = limiter(redis, 'flood-stamp', 1, 86_400);
  }

  /** One more post to the site: open, or flooded since a time, for some seconds more. */
  async post(prefix: string): Promise<SiteVerdict> {
    const now = this.now();
    const window = Math.floor(now / FLOOD_WINDOW_MS);
    if ((await take(this.count, `${prefix} ${window}`)) === undefined) return { kind: 'open' };
    const seconds = Math.max(1, Math.ceil(((window + 1) * FLOOD_WINDOW_MS - now) / 1000));
    return { kind: 'flooded', since: await this.since(prefix, window, now), seconds };
  }

  /** Whether a post sent during a flood goes through: its form was shown before the flood began, and this visitor has not used its stamp since. */
  async letThrough(prefix: string, ip: string, stamp: string, shownAt: number | undefined, since: number): Promise<boolean> {
    if (shownAt === undefined || !(shownAt < since)) return false;
    return (await take(this.used, `${prefix} ${visitorKey(ip)} ${stamp}`)) === undefined;
  }

  /** When the flood began: noted by the window's first refusal, or carried on from the window before when the flood goes on. */
  private async since(prefix: string, window: number, now: number): Promise<number> {
    try {
      const noted = await this.began.get(`${prefix} ${window}`);
      if (noted) return noted.consumedPoints;
      const before = await this.began.get(`${prefix} ${window - 1}`);
      const since = before?.consumedPoints ?? now;
      await this.began.set(`${prefix} ${window}`, since, 2 * WINDOW_S);
      return since;
    } catch {
      // Redis not answering: this instance's own moment is as good as any.
      return now;
    }
  }
}
