import { matchPattern, splitPath, type Pattern } from './pattern.ts';
import { comparePatterns } from './rank.ts';

/** A route of a site: a pattern and a way to find what it serves for given parameters. */
export interface Route<T> {
  pattern: Pattern;
  /** What the route serves for these parameter values, or undefined when it has nothing there. */
  lookup(params: Record<string, string>): T | undefined;
}

export type RouteMatch<T> = { kind: 'match'; route: Route<T>; params: Record<string, string>; target: T } | { kind: 'none' };

export interface Router<T> {
  routes: readonly Route<T>[];
  match(path: string): RouteMatch<T>;
}

/**
 * Routes are tried in rank order (see comparePatterns). A dynamic route that matches the
 * shape of a path but has no item for it lets the next route try, so `/news/{slug}` and a
 * catch-all `/{slug*}` can share the `/news/...` space.
 */
export function createRouter<T>(routes: readonly Route<T>[]): Router<T> {
  const ranked = [...routes].sort((a, b) => comparePatterns(a.pattern, b.pattern));
  return {
    routes: ranked,
    match(path) {
      const parts = splitPath(path);
      for (const route of ranked) {
        const params = matchPattern(route.pattern, parts);
        if (!params) continue;
        const target = route.lookup(params);
        if (target !== undefined) return { kind: 'match', route, params, target };
      }
      return { kind: 'none' };
    },
  };
}
