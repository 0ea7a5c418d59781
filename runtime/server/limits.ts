/**
 * How many posts (and bytes of posts) a visitor and a site may send, and how many confirmation
 * e-mails and automatic replies one address may be sent, counted by rate-limiter-flexible. Each
 * limit is its own limiter, so every one of them is checked; a site past its own limit is flooded
 * (see flood.ts) rather than closed to everyone. A visitor is their address as the server sees it
 * (see TRUST_PROXY), with an IPv6 address counted by its /64 network, which one household or
 * server holds whole. Keys expire with their window and are never evicted early, so no flood of other keys can reset one;
 * the store stays bounded because new visitors have a budget of their own (a visitor already
 * counted is never refused for it): at most `newVisitorsPerMinute` keys are made in a minute,
 * and each lives a minute, so the store never holds more than twice that.
 */
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { limiter, take, visitorKey } from './counters.ts';
import { SiteFlood } from './flood.ts';

export { visitorKey } from './counters.ts';

export interface FormLimits {
  /** Posts one visitor may send to one site in a minute. */
  perVisitorPerMinute: number;
  /**
   * Posts one site takes from everyone in ten minutes, counted a fifth at a time in two-minute
   * windows: past it, new visitors wait at most two minutes (see flood.ts).
   */
  perSitePerTenMinutes: number;
  /** Bytes of posts one visitor may send in a minute, across every site. */
  bytesPerVisitorPerMinute?: number;
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
  bytesPerVisitorPerMinute: 64 * 1024 * 1024,
};

export interface DeskLimits {
  /** Sign-in requests one visitor may send to one site in an hour, whatever the addresses (429 past it). */
  perVisitorPerHour: number;
  /**
   * Sign-in links one address may be sent from one site in a day. Past it, a link is sent only
   * when none sent earlier still works, and the visitor is answered as usual either way.
   */
  linksPerAddressPerDay: number;
}

export const DEFAULT_DESK_LIMITS: DeskLimits = { perVisitorPerHour: 20, linksPerAddressPerDay: 10 };

/**
 * How often the desk's sign-in form may be used. Only the visitor is ever refused (429): a refusal
 * for the address would tell a stranger it is listed, and would let them lock its owner out. An
 * address's mail is capped silently instead.
 */
export class SignInLimits {
  private readonly links: RateLimiterAbstract;
  private readonly visitor: RateLimiterAbstract;

  constructor(limits: DeskLimits = DEFAULT_DESK_LIMITS, redis?: Redis) {
    this.links = limiter(redis, 'desk-links', limits.linksPerAddressPerDay, 86_400);
    this.visitor = limiter(redis, 'desk-visitor', limits.perVisitorPerHour, 3600);
  }

  /** Seconds this visitor must wait, or undefined when their request may go on. */
  async signIn(prefix: string, ip: string): Promise<number | undefined> {
    return take(this.visitor, `${prefix} ${visitorKey(ip)}`);
  }

  /** Whether one more link may go to this address today (counted whether or not one is then sent). */
  async link(prefix: string, email: string): Promise<boolean> {
    return (await take(this.links, `${prefix} ${email.trim().toLowerCase()}`)) === undefined;
  }
}

/** What a post's limits say: go on, wait (this visitor), or the site is flooded (see flood.ts). */
export type PostVerdict = { kind: 'go' } | { kind: 'wait'; seconds: number } | { kind: 'flooded'; seconds: number; since: number };

/** A post that does not say how long it is counts as one of the largest files a form takes. */
const UNDECLARED_BYTES = 20 * 1024 * 1024;

/** The bytes a post says it carries, before any is read. */
export function declaredBytes(headers: { 'content-length'?: string }, most = UNDECLARED_BYTES): number {
  const length = Number(headers['content-length']);
  // A body of no declared length counts as the most its page will read of it.
  return Number.isSafeInteger(length) && length >= 0 ? length : most;
}

export class PostLimits {
  private readonly visitor: RateLimiterAbstract;
  private readonly bytes: RateLimiterAbstract;
  private readonly byteBudget: number;
  private readonly site: SiteFlood;
  private readonly address: RateLimiterAbstract;
  private readonly replies: RateLimiterAbstract;
  private readonly newVisitors: RateLimiterAbstract;

  /**
   * With a Redis client, every instance that shares it shares the limits (REDIS_URL); without, they
   * are this process's own. `now` is the clock the site's flood windows are told by (tests move it).
   */
  constructor(limits: FormLimits = DEFAULT_FORM_LIMITS, redis?: Redis, now: () => number = Date.now) {
    const make = (keyPrefix: string, points: number, duration: number) => limiter(redis, keyPrefix, points, duration);
    this.visitor = make('visitor', limits.perVisitorPerMinute, 60);
    this.byteBudget = limits.bytesPerVisitorPerMinute ?? DEFAULT_FORM_LIMITS.bytesPerVisitorPerMinute;
    this.bytes = make('visitor-bytes', this.byteBudget, 60);
    this.site = new SiteFlood(limits.perSitePerTenMinutes, redis, now);
    this.address = make('address', limits.confirmationsPerAddressPerHour ?? DEFAULT_FORM_LIMITS.confirmationsPerAddressPerHour, 3600);
    this.replies = make('auto-reply', limits.autoRepliesPerAddressPerHour ?? DEFAULT_FORM_LIMITS.autoRepliesPerAddressPerHour, 3600);
    this.newVisitors = make('new-visitors', limits.newVisitorsPerMinute ?? DEFAULT_FORM_LIMITS.newVisitorsPerMinute, 60);
  }

  /**
   * A post to a page with a form, of `bytes`: a visitor not yet counted takes a place in the
   * new-visitor budget, then the visitor's limits on posts and on bytes (a visitor over either
   * uses none of the site's), then the site's, which floods rather than refuses.
   */
  async post(prefix: string, ip: string, bytes = 0): Promise<PostVerdict> {
    const key = `${prefix} ${visitorKey(ip)}`;
    if ((await this.visitor.get(key)) === null) {
      const wait = await take(this.newVisitors, 'all');
      if (wait !== undefined) return { kind: 'wait', seconds: wait };
    }
    // One post larger than the whole budget takes all of it, rather than being refused for ever (its size is refused elsewhere).
    const wait = (await take(this.visitor, key)) ?? (await take(this.bytes, visitorKey(ip), Math.max(1, Math.min(bytes, this.byteBudget))));
    if (wait !== undefined) return { kind: 'wait', seconds: wait };
    const site = await this.site.post(prefix);
    return site.kind === 'open' ? { kind: 'go' } : { kind: 'flooded', seconds: site.seconds, since: site.since };
  }

  /** Whether a post sent while its site is flooded goes through (see SiteFlood.letThrough). */
  letThrough(prefix: string, ip: string, stamp: string, shownAt: number | undefined, since: number): Promise<boolean> {
    return this.site.letThrough(prefix, ip, stamp, shownAt, since);
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
