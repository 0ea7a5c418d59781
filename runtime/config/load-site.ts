import { createHash } from 'node:crypto';
import { Document, LineCounter, parseDocument } from 'yaml';
import { BLOCKS } from '../../blocks/registry.ts';
import type { SiteData } from '../../schema/site.ts';
import { isReservedPrefix, PREFIX_PATTERN, RESERVED_PREFIXES, RESERVED_SITE_SEGMENTS } from '../routing/reserved.ts';
import type { Site } from '../site.ts';
import { compileSite } from './compile.ts';
import { locate, locateText } from './locate.ts';
import { sortProblems, type PendingProblem, type Problem } from './problem.ts';
import { choices, closest } from './suggest.ts';
import { capitalise, describeField, describeObject } from './describe.ts';
import { validateDocument } from './validate.ts';
import type { Ref } from './refs.ts';
import { yamlProblems } from './yaml-problems.ts';
import { blocksIn } from './blocks-in.ts';
import { compileActions } from './actions.ts';
import { aliasProblems } from './aliases.ts';
import { mediaRefProblems } from './image-refs.ts';
import type { MediaFacts } from './media.ts';
import type { ImageFacts } from '../images/facts.ts';

export interface SiteSource {
  prefix: string;
  /** The path shown in messages: sites/<prefix>/site.yaml. */
  file: string;
  source: string;
  /** Files in the site's media folder, relative to it. */
  media: Set<string>;
  /** What those files are (types, pictures' sizes) and the ones refused: with them, images are checked where they are used. */
  facts?: MediaFacts;
  /** Keep the parsed document in the result, for a stage that points into the file after loading (the doctor); a server does not hold it. */
  keepDocument?: boolean;
}

export interface LoadResult {
  prefix: string;
  file: string;
  source: string;
  site?: Site;
  problems: Problem[];
  /** The parsed document with its line positions, when asked for with keepDocument. */
  parsed?: { doc: Document; counter: LineCounter };
}

const startsWith = (long: readonly (string | number)[], short: readonly (string | number)[]) => short.every((seg, i) => long[i] === seg);

function prefixProblems(prefix: string, file: string): Problem[] {
  const at = { file, line: 1, col: 1, length: 1, severity: 'error' as const };
  if (isReservedPrefix(prefix)) {
    return [
      {
        ...at,
        code: 'SW_PREFIX_RESERVED',
        detail: `The platform answers /${prefix} itself, so no site can live there.`,
        fix: `rename the folder sites/${prefix}; reserved: ${RESERVED_PREFIXES.join(', ')}.`,
      },
    ];
  }
  if (!PREFIX_PATTERN.test(prefix)) {
    const suggestion = prefix.toLowerCase().replace(/[^a-z0-9]/g, '');
    return [
      {
        ...at,
        code: 'SW_PREFIX_INVALID',
        detail: `"${prefix}" is not one lowercase word of 2 to 40 letters and digits.`,
        fix: `rename the folder${PREFIX_PATTERN.test(suggestion) && !isReservedPrefix(suggestion) ? ` to sites/${suggestion}` : ' to one lowercase word'}.`,
      },
    ];
  }
  return [];
}

interface RefContext {
  /** Whether a part of the document has no schema problem inside it. */
  usable: (path: readonly (string | number)[]) => boolean;
  root: SiteData;
  prefix: string;
  site: { router: Site['router']; targets: Site['targets']; collections: Site['collections'] };
  media: Set<string>;
  facts?: MediaFacts;
}

function refProblems(refs: Ref[], { usable, root, prefix, site, media, facts }: RefContext): PendingProblem[] {
  const problems: PendingProblem[] = [];
  const exists = (path: string) => site.router.match(path.length > 1 ? path.replace(/\/$/, '') : path).kind === 'match';
  /** A link inside the site that leads nowhere: the problem, with the nearest address as a suggestion; undefined when it works. */
  const brokenLink = (href: string, where: string): Omit<PendingProblem, 'path'> | undefined => {
    const path = href.replace(/[?#].*$/, '') || '/';
    if ((RESERVED_SITE_SEGMENTS as readonly string[]).includes(path.split('/')[1] ?? '') || exists(path)) return undefined;
    const near = closest(
      path,
      site.targets.map((t) => t.path),
    );
    return {
      code: 'SW_BROKEN_LINK',
      target: 'value',
      detail: `No page of this site is at "${path}" (${where}).`,
      fix: near ? `did you mean "${near}"? Otherwise add a page at "${path}".` : `link to an existing page, or add a page at "${path}".`,
    };
  };
  for (const ref of refs) {
    const where = describeField(root, ref.path);
    const collection = ref.kind === 'collection' ? site.collections.get(ref.value) : undefined;
    if (collection && ref.itemKind && collection.kind !== ref.itemKind) {
      const fitting = [...site.collections.values()].filter((c) => c.kind === ref.itemKind).map((c) => c.name);
      problems.push({
        code: 'SW_COLLECTION_KIND',
        path: ref.path,
        target: 'value',
        detail: `"${ref.value}" holds ${collection.kind} items, but ${where} lists ${ref.itemKind} items.`,
        fix: fitting.length
          ? `use a collection of kind ${ref.itemKind}: ${fitting.join(', ')}.`
          : `add a collection with "kind: ${ref.itemKind}" and name it here.`,
      });
    } else if (ref.kind === 'collection' && !collection) {
      // A collection with a mistake of its own is reported there; naming it is not a second mistake.
      if (root.collections && Object.hasOwn(root.collections, ref.value)) continue;
      const names = [...site.collections.keys()];
      problems.push({
        code: 'SW_UNKNOWN_COLLECTION',
        path: ref.path,
        target: 'value',
        detail: `There is no collection called "${ref.value}" (${where}).`,
        fix: names.length ? choices(ref.value, names) : `add a collection called "${ref.value}" under "collections:".`,
      });
    } else if (ref.kind === 'media') {
      problems.push(...mediaRefProblems(ref, root, prefix, media, facts, usable(ref.path.slice(0, -1))));
    } else if (ref.kind === 'markdown') {
      for (const m of ref.value.matchAll(/\]\((\/[^)\s]*)/g)) {
        const href = m[1] as string;
        const broken = brokenLink(href, `a link in the text of ${where}`);
        if (broken) problems.push({ ...broken, path: ref.path, find: `(${href}` });
      }
    } else if (ref.kind === 'link' && ref.value.startsWith('/') && /\{[a-zA-Z]+\}/.test(ref.value)) {
      // A link filled in per item ("/{slug}/thank-you"): some page must have that shape.
      const path = ref.value.replace(/[?#].*$/, '');
      if (site.router.routes.some((r) => fitsPattern(path, r.pattern))) continue;
      problems.push({
        code: 'SW_BROKEN_LINK',
        path: ref.path,
        target: 'value',
        detail: `No page of this site has addresses like "${path}" (${where}).`,
        fix: 'add a page with that shape of path, such as one with "{parameters}" in the same places.',
      });
    } else if (ref.kind === 'link' && ref.value.startsWith('/')) {
      const broken = brokenLink(ref.value, where);
      if (broken) problems.push({ ...broken, path: ref.path });
    }
  }
  return problems;
}

/** A link written without its leading "/" that would work with one: say so in the fix. */
function slashHints(problems: PendingProblem[], refs: Ref[], router: Site['router']): void {
  for (const problem of problems) {
    if (problem.code !== 'SW_BAD_FORMAT') continue;
    const ref = refs.find((r) => r.kind === 'link' && r.path.length === problem.path.length && r.path.every((s, i) => problem.path[i] === s));
    if (ref && !ref.value.includes(':') && router.match(`/${ref.value.replace(/^\.?\//, '')}`).kind === 'match') {
      problem.fix = `write "/${ref.value.replace(/^\.?\//, '')}": a path inside the site starts with "/".`;
    }
  }
}

/** List blocks on a page that is not made per item must say what they list. */
function listSources(root: SiteData, usable: (path: readonly (string | number)[]) => boolean): PendingProblem[] {
  const problems: PendingProblem[] = [];
  root.pages.forEach((page, pageIndex) => {
    if (!page || page.from || !Array.isArray(page.blocks)) return;
    page.blocks.forEach((block, index) => {
      const definition = BLOCKS[block?.type];
      const props = definition?.props as { properties?: Record<string, unknown>; required?: string[] } | undefined;
      const path = ['pages', pageIndex, 'blocks', index];
      if (
        !definition ||
        !props?.properties?.collection ||
        props.required?.includes('collection') ||
        block.collection !== undefined ||
        definition.collectionFromPage === false ||
        !usable(path)
      )
        return;
      const names = Object.keys(root.collections ?? {});
      problems.push({
        code: 'SW_MISSING_KEY',
        path,
        target: 'key',
        detail: `${capitalise(describeObject(root, path))} does not say which collection to list, and "${page.path}" is not a page made per item.`,
        fix: names.length
          ? `add "collection:" with one of: ${names.join(', ')}.`
          : 'add a collection under "collections:", then name it here with "collection:".',
      });
    });
  });
  return problems;
}

/** Freezes plain data all the way down, through Maps and Sets too (whose entries Object.freeze leaves open); functions are left as they are. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    const children = value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
    for (const child of children) deepFreeze(child);
  }
  return value;
}

/**
 * From the text of a site.yaml to a served site: parse with positions, check against the schema,
 * run the checks a schema cannot make, compile the routes. Every problem is found in one pass
 * and points at its exact line and column; parts with schema errors are left out of later checks.
 */
export function loadSite(input: SiteSource): LoadResult {
  try {
    return loadSiteOrThrow(input);
  } catch (error) {
    // A fault of ours must not take the platform down: this site is reported and left out, the others load.
    const detail = `Reading the file stopped on a fault in Sitewright: ${error instanceof Error ? error.message : String(error)}.`;
    const problem: Problem = {
      code: 'SW_LOAD_FAILED',
      severity: 'error',
      file: input.file,
      line: 1,
      col: 1,
      length: 1,
      detail,
      fix: 'the other sites are not affected; report this message with the file. Until then, undoing the last change to the file usually brings the site back.',
    };
    return { prefix: input.prefix, file: input.file, source: input.source, problems: [problem] };
  }
}

function loadSiteOrThrow({ prefix, file, source, media, facts, keepDocument = false }: SiteSource): LoadResult {
  const problems: Problem[] = [...prefixProblems(prefix, file)];
  let parsed: LoadResult['parsed'];
  const done = (site?: Site): LoadResult => ({ prefix, file, source, site, problems: sortProblems(problems), parsed });

  if (!source.trim()) {
    problems.push({
      code: 'SW_EMPTY_FILE',
      severity: 'error',
      file,
      line: 1,
      col: 1,
      length: 1,
      detail: 'site.yaml has nothing in it.',
      fix: 'copy the site.yaml of a site like yours and change it, or run: npx sitewright new <prefix>.',
    });
    return done();
  }
  const counter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter: counter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  if (keepDocument) parsed = { doc, counter };
  if (doc.errors.length) {
    problems.push(...yamlProblems(doc.errors, counter, file, source));
    return done();
  }
  const aliases = aliasProblems(doc, counter, file);
  if (aliases.length) {
    problems.push(...aliases);
    return done();
  }
  // aliasProblems has bounded what aliases expand to, so yaml's own count (which refuses some sound files) is not needed.
  const data = doc.toJS({ maxAliasCount: -1 }) as unknown;
  const pending: PendingProblem[] = [];
  let built: Site | undefined;
  if (data === null || data === undefined) {
    problems.push({
      code: 'SW_EMPTY_FILE',
      severity: 'error',
      file,
      line: 1,
      col: 1,
      length: 1,
      detail: 'site.yaml has only comments, no settings.',
      fix: 'copy the site.yaml of a site like yours and change it, or run: npx sitewright new <prefix>.',
    });
    return done();
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    pending.push({
      code: 'SW_WRONG_TYPE',
      path: [],
      target: 'value',
      detail: 'The file must be a group of "key: value" lines, starting with "schemaVersion: 1".',
      fix: 'start from a scaffold: npx sitewright new <prefix>.',
    });
  } else {
    const { problems: schemaProblems, refs } = validateDocument(data);
    pending.push(...schemaProblems);
    // A part with a schema problem inside it is left out of the later checks, which trust its shape.
    const usable = (path: readonly (string | number)[]) => !schemaProblems.some((p) => startsWith(p.path, path));
    const added = addOwnPages(data, usable);
    for (const { block, path } of blocksIn(data)) {
      const definition = BLOCKS[block.type as string];
      if (!definition?.check || !usable(path)) continue;
      const { type: _t, id: _i, ...props } = block;
      for (const issue of definition.check(props, data)) {
        pending.push({
          code: issue.code,
          path: [...path, ...issue.path],
          target: issue.target ?? 'value',
          detail: issue.detail,
          fix: issue.fix,
          offset: issue.offset,
          span: issue.span,
        });
      }
    }
    const site = data as SiteData;
    if (Array.isArray(site.pages)) {
      const lineOf = (path: readonly (string | number)[]) => locate(doc, counter, path, 'key').line;
      const { compiled, problems: routeProblems } = compileSite(site, BLOCKS, usable, lineOf);
      // A page the site did not write is answered for by the setting that brought it.
      for (const p of routeProblems) {
        const from = added.get(Number(p.path[1]));
        if (p.path[0] === 'pages' && from) p.path = from;
      }
      pending.push(...routeProblems, ...listSources(site, usable));
      pending.push(
        ...refProblems(
          refs.filter((r) => usable(r.path)),
          { usable, root: site, prefix, site: compiled, media, facts },
        ),
      );
      slashHints(pending, refs, compiled.router);
      if (!pending.some((p) => (p.severity ?? 'error') === 'error') && !problems.length) {
        // The pictures the site shows, by name: their hashes are in the version, so a photo replaced under the same name makes a new one.
        const images = new Map(
          refs.flatMap((r) => (r.kind === 'media' && facts?.images.has(r.value) ? [[r.value, facts.images.get(r.value) as ImageFacts] as const] : [])),
        );
        const version = createHash('sha256')
          .update(source)
          .update([...media].sort().join('\n'))
          .update(
            [...images]
              .map(([name, image]) => `${name}:${image.hash}`)
              .sort()
              .join('\n'),
          )
          .digest('hex')
          .slice(0, 12);
        // Frozen whole (its pages, items, trails and routes): serving reads it and never changes it.
        built = deepFreeze({
          prefix,
          file,
          data: site,
          version,
          router: compiled.router,
          targets: compiled.targets,
          collections: compiled.collections,
          listings: compiled.listings,
          media,
          images,
          actions: compileActions(site, BLOCKS),
        });
      }
    }
  }
  const lines = source.split(/\r?\n/);
  for (const p of pending) {
    const found = p.find ? locateText(doc, counter, source, p.path, p.find) : undefined;
    const pos = found ? { ...found, col: found.col + 1, length: found.length - 1 } : locate(doc, counter, p.path, p.target, p.offset, p.span);
    problems.push(commentedValue({ code: p.code, severity: p.severity ?? 'error', file, ...pos, detail: p.detail, fix: p.fix }, lines));
  }
  // One node reached twice through a YAML alias is one mistake.
  const unique = new Map(problems.map((p) => [`${p.line}:${p.col}:${p.code}`, p]));
  problems.splice(0, problems.length, ...unique.values());
  return done(built);
}

/**
 * The pages blocks bring to a site that asks for them (`search: true` → /search), added after the
 * site's own, each unless the site wrote a page at its address. Returns where each added page came
 * from, by its index, so a problem with it is reported at the setting.
 */
function addOwnPages(site: Partial<SiteData>, usable: (path: readonly (string | number)[]) => boolean): Map<number, (string | number)[]> {
  const added = new Map<number, (string | number)[]>();
  if (!Array.isArray(site.pages) || !usable(['pages'])) return added;
  const pages = site.pages as unknown[];
  for (const definition of Object.values(BLOCKS)) {
    const own = definition.ownPage?.(site);
    if (!own || pages.some((p) => (p as { path?: unknown } | null)?.path === own.page.path)) continue;
    added.set(pages.length, [own.setting]);
    pages.push(own.page);
  }
  return added;
}

/**
 * `primary: #6b3e26` — YAML reads "#" as the start of a comment, so the value is empty. The
 * author sees a value there; say what happened and point at it.
 */
function commentedValue(problem: Problem, lines: string[]): Problem {
  if (problem.code !== 'SW_EMPTY_VALUE') return problem;
  const line = lines[problem.line - 1] ?? '';
  const m = /^(\s*(?:- )?)([\w-]+):\s+(#\S*)/.exec(line);
  if (!m) return problem;
  const written = m[3] as string;
  return {
    ...problem,
    col: line.indexOf(written, (m[1] as string).length) + 1,
    length: written.length,
    detail: `In YAML "#" starts a comment, so "${m[2]}" is empty: ${written} is not read.`,
    fix: `put it in quotes: ${m[2]}: "${written}"`,
  };
}

/** Whether a link with {placeholders} can land on a route: placeholders face parameters, words face words or parameters. */
function fitsPattern(link: string, pattern: Site['router']['routes'][number]['pattern']): boolean {
  const parts = link === '/' ? [] : link.slice(1).split('/');
  const segs = pattern.segments;
  if (segs.at(-1)?.kind === 'rest') return parts.length >= segs.length;
  return parts.length === segs.length && segs.every((seg, i) => seg.kind !== 'static' || seg.value === parts[i]);
}
