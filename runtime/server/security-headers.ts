import helmet, { type HelmetOptions } from 'helmet';
import { LOADER_HASH } from '../client/loader.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Our own files, and of inline scripts only the islands' loader, by the hash of its exact text.
      scriptSrc: ["'self'", LOADER_HASH],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
  // The same rule as frame-ancestors 'none', for browsers that only know the older header.
  xFrameOptions: { action: 'deny' },
};

/** Powerful features no site page uses; payment stays allowed on our own origin, for card forms. */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(self), usb=(), interest-cohort=()';

/**
 * The security headers helmet chooses, worked out once. Our policy uses no per-request nonce,
 * so every response gets the same set; running helmet per request would halve throughput.
 */
export function securityHeaders({ hsts = false }: { hsts?: boolean } = {}): Readonly<Record<string, string>> {
  // Behind https only: a year, without subdomains (each site may come to have a domain of its own).
  const options = { ...OPTIONS, strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false } as HelmetOptions;
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as never, res as never, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

/** An origin as a frame-src names it, and nothing that could end the directive or the header. */
const ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d+)?$/;

/**
 * The headers of a page that may show frames from these origins (a map its visitor asked for): its
 * policy's frame-src names them alone. Every other page keeps the policy above, which frames only our own.
 */
export function withFrames(headers: Readonly<Record<string, string>>, origins: readonly string[]): Readonly<Record<string, string>> {
  const policy = headers['content-security-policy'];
  const allowed = origins.filter((o) => ORIGIN.test(o));
  if (policy === undefined || !allowed.length) return headers;
  return Object.freeze({ ...headers, 'content-security-policy': `${policy};frame-src ${allowed.join(' ')}` });
}
