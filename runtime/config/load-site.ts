import { createHash } from 'node:crypto';
import { Document, LineCounter, parseDocument } from 'yaml';
import { BLOCKS } from '../../blocks/registry.ts';
import type { SiteData } from '../../schema/site.ts';
import { isReservedPrefix, PREFIX_PATTERN, RESERVED_PREFIXES, RESERVED_SITE_SEGMENTS } from '../routing/reserved.ts';
import type { Site } from '../site.ts';
import { compileSite } from './compile.ts';
import { locate } from './locate.ts';
import { dataPath, sortProblems, type PendingProblem, type Problem } from './problem.ts';
import { closest, didYouMean } from './suggest.ts';
import { validateDocument, type Ref } from './validate.ts';
import { yamlProblems } from './yaml-problems.ts';

export interface SiteSource {
  prefix: string;
  /** The path shown in messages: sites/<prefix>/site.yaml. */
  file: string;
  source: string;
  /** Files in the site's media folder, relative to it. */
  media: Set<string>;
}

export interface LoadResult {
  prefix: string;
  file: string;
  source: string;
  site?: Site;
  problems: Problem[];
}

const startsWith = (long: readonly (string | number)[], short: readonly (string | number)[]) =>
  short.every((seg, i) => long[i] === seg);

function prefixProblems(prefix: string, file: string): Problem[] {
  const at = { file, line: 1, col: 1, length: 1, severity: 'error' as const };
  if (isReservedPrefix(prefix)) {
    return [{ ...at, code: 'SW_PREFIX_RESERVED', detail: `The platform answers /${prefix} itself, so no site can live there.`, fix: `rename the folder sites/${prefix}; reserved: ${RESERVED_PREFIXES.join(', ')}.` }];
  }
  if (!PREFIX_PATTERN.test(prefix)) {
    const suggestion = prefix.toLowerCase().replace(/[^a-z0-9]/g, '');
    return [{ ...at, code: 'SW_PREFIX_INVALID', detail: `"${prefix}" is not one lowercase word of 2 to 40 letters and digits.`, fix: `rename the folder${PREFIX_PATTERN.test(suggestion) && !isReservedPrefix(suggestion) ? ` to sites/${suggestion}` : ' to one lowercase word'}.` }];
  }
  return [];
}

/** Every block in the document, wherever block lists appear (pages, nested pages, the 404 page, blocks inside blocks). */
function* blocksIn(value: unknown, path: (string | number)[] = []): Generator<{ block: Record<string, unknown>; path: (string | number)[] }> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child = value[i];
      if (path[path.length - 1] === 'blocks' && child && typeof child === 'object' && typeof (child as { type?: unknown }).type === 'string') {
        yield { block: child as Record<string, unknown>, path: [...path, i] };
      }
      yield* blocksIn(child, [...path, i]);
    }
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* blocksIn(child, [...path, key]);
  }
}

function refProblems(refs: Ref[], site: { router: Site['router']; targets: Site['targets']; collections: Site['collections'] }, media: Set<string>): PendingProblem[] {
  const problems: PendingProblem[] = [];
  for (const ref of refs) {
    if (ref.kind === 'collection' && !site.collections.has(ref.value)) {
      const names = [...site.collections.keys()];
      problems.push({ code: 'SW_UNKNOWN_COLLECTION', path: ref.path, target: 'value', detail: `There is no collection called "${ref.value}" (${dataPath(ref.path)}).`, fix: names.length ? `use one of: ${names.join(', ')}.${didYouMean(ref.value, names)}` : `add a collection called "${ref.value}" under "collections:".` });
    } else if (ref.kind === 'media' && !media.has(ref.value)) {
      const near = closest(ref.value, media);
      problems.push({ code: 'SW_MISSING_MEDIA', path: ref.path, target: 'value', detail: `There is no file "${ref.value}" in the site's media folder.`, fix: near ? `did you mean "${near}"? Otherwise add the file to the media folder.` : 'add the file to the site\'s media folder, next to site.yaml, or fix the name.' });
    } else if (ref.kind === 'link' && ref.value.startsWith('/')) {
      const path = ref.value.replace(/[?#].*$/, '') || '/';
      const first = path.split('/')[1] ?? '';
      if ((RESERVED_SITE_SEGMENTS as readonly string[]).includes(first)) continue;
      if (site.router.match(path.length > 1 ? path.replace(/\/$/, '') : path).kind === 'match') continue;
      const near = closest(path, site.targets.map((t) => t.path));
      problems.push({ code: 'SW_BROKEN_LINK', path: ref.path, target: 'value', detail: `No page of this site is at "${path}".`, fix: near ? `link to an existing page. Did you mean "${near}"?` : 'link to an existing page, or add the page.' });
    }
  }
  return problems;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * From the text of a site.yaml to a served site: parse with positions, check against the schema,
 * run the checks a schema cannot make, compile the routes. Every problem is found in one pass
 * and points at its exact line and column; parts with schema errors are left out of later checks.
 */
export function loadSite({ prefix, file, source, media }: SiteSource): LoadResult {
  const problems: Problem[] = [...prefixProblems(prefix, file)];
  const done = (site?: Site): LoadResult => ({ prefix, file, source, site, problems: sortProblems(problems) });

  if (!source.trim()) {
    problems.push({ code: 'SW_EMPTY_FILE', severity: 'error', file, line: 1, col: 1, length: 1, detail: 'site.yaml has nothing in it.', fix: 'start from a scaffold: npx sitewright new <prefix>, or copy another site\'s file.' });
    return done();
  }
  const counter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    problems.push(...yamlProblems(doc.errors, counter, file));
    return done();
  }
  const data = doc.toJS({ maxAliasCount: 1000 }) as unknown;
  const pending: PendingProblem[] = [];
  let built: Site | undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    pending.push({ code: 'SW_WRONG_TYPE', path: [], target: 'value', detail: 'The file must be a group of "key: value" lines, starting with "schemaVersion: 1".', fix: 'start from a scaffold: npx sitewright new <prefix>.' });
  } else {
    const { problems: schemaProblems, refs } = validateDocument(data);
    pending.push(...schemaProblems);
    // A part with a schema problem inside it is left out of the later checks, which trust its shape.
    const usable = (path: readonly (string | number)[]) => !schemaProblems.some((p) => startsWith(p.path, path));
    for (const { block, path } of blocksIn(data)) {
      const definition = BLOCKS[block.type as string];
      if (!definition?.check || !usable(path)) continue;
      const { type: _t, id: _i, ...props } = block;
      for (const issue of definition.check(props)) {
        pending.push({ code: issue.code, path: [...path, ...issue.path], target: issue.target ?? 'value', detail: issue.detail, fix: issue.fix, offset: issue.offset, span: issue.span });
      }
    }
    const site = data as SiteData;
    if (Array.isArray(site.pages)) {
      const { compiled, problems: routeProblems } = compileSite(site, usable);
      pending.push(...routeProblems);
      pending.push(...refProblems(refs.filter((r) => usable(r.path)), compiled, media));
      if (!pending.some((p) => (p.severity ?? 'error') === 'error') && !problems.length) {
        const version = createHash('sha256').update(source).update([...media].sort().join('\n')).digest('hex').slice(0, 12);
        built = { prefix, file, data: deepFreeze(site), version, router: compiled.router, targets: compiled.targets, collections: compiled.collections, media };
      }
    }
  }
  for (const p of pending) {
    const pos = locate(doc, counter, p.path, p.target, p.offset, p.span);
    problems.push({ code: p.code, severity: p.severity ?? 'error', file, ...pos, detail: p.detail, fix: p.fix });
  }
  const unique = new Map(problems.map((p) => [`${p.line}:${p.col}:${p.code}:${p.detail}`, p]));
  problems.splice(0, problems.length, ...unique.values());
  return done(built);
}
