/**
 * How many posts a visitor and a site may send, and how many confirmation e-mails and automatic
 * replies one address may be sent, counted by rate-limiter-flexible. Each limit is its own limiter, so every one of
 * them is checked; a visitor is their address as the server sees it (see TRUST_PROXY), with an
 * IPv6 address counted by its /64 network, which one household or server holds whole. Keys
 * expire with their window and are never evicted early, so no flood of other keys can reset one;
 * the store stays bounded because new visitors have a budget of their own (a visitor already
 * counted is never refused for it): at most `newVisitorsPerMinute` keys are made in a minute,
 * and each lives a minute, so the store never holds more than twice that.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface FormLimits {
  /** Posts one visitor may send to one site in a minute. */
  perVisitorPerMinute: number;
  /** Posts one site takes from everyone in ten minutes. */
  perSitePerTenMinutes: number;
  /** Confirmation e-mails one address may be sent in an hour (a subscribe form cannot be used to flood someone). */
  confirmationsPerAddressPerHour?: number;
  /** Automatic replies one address may be sent from one site in an hour (a form cannot be used to mail strangers). */
  autoRepliesPerAddressPerHour?: number;
  /** Visitors the platform starts counting in a minute, across every site: what bounds the visitor store. */
  newVisitorsPerMinute?: number;
}

export const DEFAULT_FORM_LIMITS: Required<FormLimits> = {
  perVisitorPerMinute: 20,
  perSitePerTenMinutes: 600,
  confirmationsPerAddressPerHour: 3,
  autoRepliesPerAddressPerHour: 1,
  newVisitorsPerMinute: 50_000,
};

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
async function take(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

/** A counter of `points` a `duration` (seconds) per key: shared through Redis when there is one, else this process's. */
function limiter(redis: Redis | undefined, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
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

export interface DeskLimits {
  /** Sign-in links one address may ask for from one site in an hour. */
  perAddressPerHour: number;
  /** Sign-in requests one visitor may send to one site in an hour, whatever the addresses. */
  perVisitorPerHour: number;
}

export const DEFAULT_DESK_LIMITS: DeskLimits = { perAddressPerHour: 5, perVisitorPerHour: 20 };

/** How often the desk's sign-in form may be used: per address and per visitor, each counted. */
export class SignInLimits {
  private readonly address: RateLimiterAbstract;
  private readonly visitor: RateLimiterAbstract;

  constructor(limits: DeskLimits = DEFAULT_DESK_LIMITS, redis?: Redis) {
    this.address = limiter(redis, 'desk-address', limits.perAddressPerHour, 3600);
    this.visitor = limiter(redis, 'desk-visitor', limits.perVisitorPerHour, 3600);
  }

  /** Seconds to wait when over either limit, or undefined when this request may go on. */
  async signIn(prefix: string, ip: string, email: string): Promise<number | undefined> {
    return (await take(this.visitor, `${prefix} ${visitorKey(ip)}`)) ?? (await take(this.address, `${prefix} ${email.trim().toLowerCase()}`));
  }
}

export class PostLimits {
  private readonly visitor: RateLimiterAbstract;
  private readonly site: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;
  private readonly replies: RateLimiterAbstract;
  private readonly newVisitors: RateLimiterAbstract;

  /** With a Redis client, every instance that shares it shares the limits (REDIS_URL); without, they are this process's own. */
  constructor(limits: FormLimits = DEFAULT_FORM_LIMITS, redis?: Redis) {
    const make = (keyPrefix: string, points: number, duration: number) => limiter(redis, keyPrefix, points, duration);
    this.visitor = make('visitor', limits.perVisitorPerMinute, 60);
    this.site = make('site', limits.perSitePerTenMinutes, 600);
    this.address = make('address', limits.confirmationsPerAddressPerHour ?? DEFAULT_FORM_LIMITS.confirmationsPerAddressPerHour, 3600);
    this.replies = make('auto-reply', limits.autoRepliesPerAddressPerHour ?? DEFAULT_FORM_LIMITS.autoRepliesPerAddressPerHour, 3600);
    this.newVisitors = make('new-visitors', limits.newVisitorsPerMinute ?? DEFAULT_FORM_LIMITS.newVisitorsPerMinute, 60);
  }

  /**
   * A post to a page with a form: a visitor not yet counted takes a place in the new-visitor
   * budget, then the visitor's limit (a visitor over it uses none of the site's), then the site's.
   */
  async post(prefix: string, ip: string): Promise<number | undefined> {
    const key = `${prefix} ${visitorKey(ip)}`;
    if ((await this.visitor.get(key)) === null) {
      const wait = await take(this.newVisitors, 'all');
      if (wait !== undefined) return wait;
    }
    return (await take(this.visitor, key)) ?? (await take(this.site, prefix));
  }

  /** Whether one more automatic reply may go to this address from this site now. */
  async autoReply(prefix: string, email: string): Promise<boolean> {
    return (await take(this.replies, `${prefix} ${email.trim().toLowerCase()}`)) === undefined;
  }

  /** Whether one more confirmation e-mail may go to this address now. */
  async confirmation(email: string): Promise<boolean> {
    return (await take(this.address, email.trim().toLowerCase())) === undefined;
  }
}
