import type { Pattern, Segment } from './pattern.ts';

const weight = (segment: Segment | undefined): number => (segment === undefined ? -1 : segment.kind === 'static' ? 3 : segment.kind === 'param' ? 2 : 1);

/**
 * Orders patterns so that the first one that matches a path wins.
 * Compared segment by segment, left to right:
 * 1. a static segment beats a parameter, and a parameter beats a catch-all (`{slug*}`);
 * 2. where one pattern runs out first, the longer one is tried first;
 * 3. otherwise the order the author wrote them in decides (the sort is stable).
 */
export function comparePatterns(a: Pattern, b: Pattern): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const diff = weight(b.segments[i]) - weight(a.segments[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}
