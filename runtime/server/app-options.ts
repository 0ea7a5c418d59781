/** What the app is built from: the fleet, the registry, the origin, and what else a server sets (services, limits, caches). */
import type { FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { BlockRegistry } from '../../blocks/contract.ts';
import type { KernelServices } from '../services/index.ts';
import type { Fleet } from '../fleet.ts';
import type { ImageVariants } from '../images/maker.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { DeskLimits, FormLimits } from './limits.ts';
import type { Reloader } from './reload.ts';
import type { CheckDraft, StudioAssets } from '../studio/options.ts';

export interface AppOptions {
  fleet: Fleet;
  /** The blocks sites may use (the registry the entry point hands in): for the stylesheet, the desk, payments and scheduled work. */
  blocks: BlockRegistry;
  /** The public origin used in canonical links, such as https://sites.example.com. */
  origin: string;
  /** The client entry URL; without it pages render fully but islands stay static. */
  clientEntry?: string;
  logger?: FastifyServerOptions['logger'];
  /** Swaps sites in and out while serving (on save in development, on SIGHUP in production); shares its fleet holder. */
  reloads?: Reloader;
  /** Development: broken sites show their problems, and open pages reload when their site changes. */
  dev?: boolean;
  /** Forms and contact links: where submissions are stored, how mail goes out, the signing key. */
  services?: KernelServices;
  /** Card payments through Stripe (see stripeFromEnv); without it every site takes money in test mode. */
  stripe?: PaymentProvider;
  /** How many form posts a visitor and a site may send (defaults: 20 a minute per visitor and site, 64 MiB of posts a minute per visitor, 600 per site in ten minutes counted in two-minute windows, 3 confirmation e-mails an hour per address, 1 automatic reply an hour per address and site). */
  formLimits?: FormLimits;
  /** How many sign-in requests the desk takes and links it sends (defaults: 20 requests an hour per visitor and site, 10 links a day per address and site). */
  deskLimits?: DeskLimits;
  /** Shared limits for several instances: a Redis client (REDIS_URL); without it, each process counts alone. */
  redis?: Redis;
  /** Keep rendered pages (the default). Off, every request renders its page: for measuring what the cache saves. */
  cachePages?: boolean;
  /** The most bytes of rendered pages kept (default 128 MiB, PAGE_CACHE_MB); the least recently asked for go first. */
  pageCacheBytes?: number;
  /** Searches one visitor may make on one site in a minute (default 120). */
  searchesPerMinute?: number;
  /**
   * Which proxies in front may say who the visitor is (X-Forwarded-For): a number of hops, or a
   * list of addresses and CIDR ranges. Unset, none: the visitor is the address that connected.
   */
  trustProxy?: number | string[];
  /** Where the sized copies of photos are kept and how many are made at once; unset, a folder in the system's temporary folder. */
  images?: ImageVariants;
  /** How the studio checks a draft (a thread of the site loader, within its budget); unset, in this thread. */
  checkDraft?: CheckDraft;
  /** The studio's editor bundle (see ensureStudio); unset, the studio is a plain form. */
  studioAssets?: StudioAssets;
}

/** TRUST_PROXY as the server takes it: "1" (hops), or "10.0.0.0/8,127.0.0.1" (addresses and ranges); unset or empty, none. */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  return /^\d+$/.test(text)
    ? Number(text)
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}
