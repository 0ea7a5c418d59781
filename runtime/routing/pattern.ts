/**
 * Route patterns as a site author writes them, relative to the site:
 * `/about`, `/blog/{slug}`, `/{region}/{city}`, `/{slug*}` (one or more segments).
 */
export type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };

export interface Pattern {
  source: string;
  segments: Segment[];
  params: string[];
  /** The pattern with parameter names erased: two routes with one shape can never both be reached. */
  shape: string;
  dynamic: boolean;
}

const PARAM = /^\{([a-z][a-zA-Z0-9]*)(\*?)\}$/;
const STATIC = /^[a-z0-9][a-z0-9._-]*$/;

export class PatternError extends Error {}

export function parsePattern(source: string): Pattern {
  if (!source.startsWith('/')) throw new PatternError('a path starts with "/"');
  const parts = source === '/' ? [] : source.slice(1).split('/');
  const segments: Segment[] = parts.map((part, index) => {
    const param = PARAM.exec(part);
    if (param) {
      const name = param[1] as string;
      if (param[2]) {
        if (index !== parts.length - 1) throw new PatternError(`"{${name}*}" can only be the last part of a path`);
        return { kind: 'rest', name };
      }
      return { kind: 'param', name };
    }
    if (!STATIC.test(part)) {
      throw new PatternError(`"${part}" is not a valid path part: use lowercase letters, digits and dashes, or a {parameter}`);
    }
    return { kind: 'static', value: part };
  });
  const params = segments.flatMap((s) => (s.kind === 'static' ? [] : [s.name]));
  if (new Set(params).size !== params.length) throw new PatternError('a parameter name appears twice');
  const shape = '/' + segments.map((s) => (s.kind === 'static' ? s.value : s.kind === 'param' ? '{}' : '{*}')).join('/');
  return { source, segments, params, shape, dynamic: params.length > 0 };
}

/** A URL path inside a site, split into segments ("/" gives none). */
export function splitPath(path: string): string[] {
  return path === '/' || path === '' ? [] : path.replace(/^\//, '').split('/');
}

/** Matches path segments against a pattern; returns the parameter values or null. */
export function matchPattern(pattern: Pattern, parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  const segs = pattern.segments;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i] as Segment;
    if (seg.kind === 'rest') {
      const rest = parts.slice(i);
      if (rest.length === 0 || rest.some((p) => p === '')) return null;
      params[seg.name] = rest.join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined || part === '') return null;
    if (seg.kind === 'static') {
      if (part !== seg.value) return null;
    } else {
      params[seg.name] = part;
    }
  }
  return parts.length === segs.length ? params : null;
}

/** Builds the concrete path of a pattern from parameter values. */
export function buildPath(pattern: Pattern, params: Record<string, string>): string {
  if (pattern.segments.length === 0) return '/';
  return '/' + pattern.segments.map((s) => (s.kind === 'static' ? s.value : (params[s.name] ?? ''))).join('/');
}
