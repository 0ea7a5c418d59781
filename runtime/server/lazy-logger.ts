/**
 * A request's logger made only when something is logged at a level the server writes: Fastify's
 * default makes a pino child (its bindings serialised) for every request, though at the server's
 * usual level ("warn") nearly every request logs nothing. What is logged is the same: the child is
 * made from the same bindings the first time it is needed.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Factory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

export const lazyChildLogger: Factory = function (logger, bindings, options) {
  let child: FastifyBaseLogger | undefined;
  const made = () => (child ??= logger.child(bindings, options));
  // pino's own test of a level; a logger without one (Fastify's silent default) is asked every time.
  const enabled = (level: string) => {
    const test = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
    return typeof test === 'function' ? test.call(logger, level) : true;
  };
  const lazy: Record<string, unknown> = {
    silent: () => {},
    child: (...args: Parameters<FastifyBaseLogger['child']>) => made().child(...args),
  };
  Object.defineProperty(lazy, 'level', {
    get: () => child?.level ?? logger.level,
    set: (level: string) => (made().level = level),
    enumerable: true,
  });
  for (const level of LEVELS)
    lazy[level] = (...args: unknown[]) => {
      if (child || enabled(level)) Reflect.apply(made()[level], child, args);
    };
  return lazy as unknown as FastifyBaseLogger;
};
