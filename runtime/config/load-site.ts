import { createHash } from 'node:crypto';
import { Document, LineCounter, parseDocument } from 'yaml';
import type { BlockRegistry } from '../../blocks/contract.ts';
import type { SiteData } from '../../schema/site.ts';
import { isReservedPrefix, PREFIX_PATTERN, RESERVED_PREFIXES, RESERVED_SITE_SEGMENTS } from '../routing/reserved.ts';
import type { Site } from '../site.ts';
import { compileSite, type Compiled } from './compile.ts';
import { locate, locateText, resolveEdit, type Position } from './locate.ts';
import { sortProblems, type PendingEdit, type PendingProblem, type Problem } from './problem.ts';
import { choices, nearest } from './suggest.ts';
import { capitalise, describeField, describeObject } from './describe.ts';
import { validateDocument } from './validate.ts';
import type { Ref } from './refs.ts';
import { yamlProblems } from './yaml-problems.ts';
import { blocksIn } from './blocks-in.ts';
import { compileActions } from './actions.ts';
import { aliasProblems } from './aliases.ts';
import { clipRuns, separatorsProblem, shapeProblems, sizeProblem } from './budget.ts';
import { nameClashes } from './names.ts';
import { timeZoneProblems } from './time-zone.ts';
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
  /** The most bytes the document may have (SITE_MAX_BYTES unless given). */
  maxBytes?: number;
  /** Keep the checked data the site was built from, for a thread that loads sites for another (see siteFromParts). */
  keepParts?: boolean;
  /** The blocks the site may use: the registry its entry point hands in. The site keeps it as `site.blocks`. */
  blocks: BlockRegistry;
}

/** What a site is built from once its document has passed every check: plain data, which a thread can hand to another. */
export interface SiteParts {
  prefix: string;
  file: string;
  data: SiteData;
  version: string;
  media: Set<string>;
  images: ReadonlyMap<string, ImageFacts>;
}

export interface LoadResult {
  prefix: string;
  file: string;
  source: string;
  site?: Site;
  problems: Problem[];
  /** The parsed document with its line positions, when asked for with keepDocument. */
  parsed?: { doc: Document; counter: LineCounter };
  /** What the site was built from, when asked for with keepParts. */
  parts?: SiteParts;
}

/** The site, frozen whole (its pages, items, trails and routes): serving reads it and never changes it. The registry, shared by every site, is kept as it was handed in. */
function assemble(parts: SiteParts, compiled: Compiled, blocks: BlockRegistry): Site {
  const site = deepFreeze({
    ...parts,
    router: compiled.router,
    targets: compiled.targets,
    collections: compiled.collections,
    listings: compiled.listings,
    actions: compileActions(parts.data, blocks),
  });
  return Object.freeze({ ...site, blocks });
}

/**
 * A site from the parts of a document that passed every check in another thread: only the routes
 * and body schemas are made again (a millisecond or so), as functions cannot cross between threads.
 */
export function siteFromParts(parts: SiteParts, blocks: BlockRegistry): Site {
  return assemble(parts, compileSite(parts.data, blocks, () => true).compiled, blocks);
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
        fix: `rename the folder, such as to sites/${prefix}site; reserved: ${RESERVED_PREFIXES.join(', ')}.`,
        rename: `${prefix}site`,
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
        ...(PREFIX_PATTERN.test(suggestion) && !isReservedPrefix(suggestion) && { rename: suggestion }),
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
    const near = nearest(
      path,
      site.targets.map((t) => t.path),
    );
    return {
      code: 'SW_BROKEN_LINK',
      target: 'value',
      detail: `No page of this site is at "${path}" (${where}).`,
      fix: near ? `did you mean "${near}"? Otherwise add a page at "${path}".` : `link to an existing page, or add a page at "${path}".`,
      ...(near && { edit: { replace: href.replace(path, near) } }),
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
        ...(fitting[0] && { edit: { value: fitting[0] } }),
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
        ...(nearest(ref.value, names) && { edit: { value: nearest(ref.value, names) as string } }),
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
      problem.edit = { value: `/${ref.value.replace(/^\.?\//, '')}` };
    }
  }
}

/** List blocks on a page that is not made per item must say what they list. */
function listSources(root: SiteData, usable: (path: readonly (string | number)[]) => boolean, blocks: BlockRegistry): PendingProblem[] {
  const problems: PendingProblem[] = [];
  root.pages.forEach((page, pageIndex) => {
    if (!page || page.from || !Array.isArray(page.blocks)) return;
    page.blocks.forEach((block, index) => {
      const definition = blocks[block?.type];
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

function loadSiteOrThrow({ prefix, file, source, media, facts, keepDocument = false, keepParts = false, maxBytes, blocks }: SiteSource): LoadResult {
  const problems: Problem[] = [...prefixProblems(prefix, file)];
  let parsed: LoadResult['parsed'];
  let kept: SiteParts | undefined;
  const done = (site?: Site): LoadResult => ({
    prefix,
    file,
    source,
    site,
    problems: sortProblems(problems.map((p) => ({ ...p, detail: clipRuns(p.detail), fix: clipRuns(p.fix) }))),
    parsed,
    ...(kept && { parts: kept }),
  });

  if (!source.trim()) {
    problems.push({
      code: 'SW_EMPTY_FILE',
      severity: 'error',
      file,
      line: 1,
      col: 1,
      length: 1,
      detail: 'site.yaml has nothing in it.',
      ...starter(prefix, source),
    });
    return done();
  }
  const tooLarge = sizeProblem(source, file, maxBytes) ?? separatorsProblem(source, file);
  if (tooLarge) {
    problems.push(tooLarge);
    return done();
  }
  const counter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter: counter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  if (keepDocument) parsed = { doc, counter };
  if (doc.errors.length) {
    problems.push(...yamlProblems(doc.errors, counter, file, source));
    return done();
  }
  // Tags, nesting and overlong names first: the later steps may then trust the document's shape.
  const shape = shapeProblems(doc, counter, file, source);
  if (shape.length) {
    problems.push(...shape);
    return done();
  }
  const aliases = aliasProblems(doc, counter, file, source);
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
      ...starter(prefix, source),
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
    const written = (path: (string | number)[]) => {
      const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
      return node?.range ? source.slice(node.range[0], node.range[1]) : undefined;
    };
    const { problems: schemaProblems, refs } = validateDocument(data, written);
    pending.push(...schemaProblems);
    // A part with a schema problem inside it is left out of the later checks, which trust its shape.
    const usable = (path: readonly (string | number)[]) => !schemaProblems.some((p) => startsWith(p.path, path));
    const added = addOwnPages(data, usable, blocks);
    for (const { block, path } of blocksIn(data)) {
      const definition = blocks[block.type as string];
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
          edit: issue.edit,
          ...(issue.editRoot && { editPath: issue.editRoot }),
          ...(issue.alsoEdit && {
            alsoEdit: issue.alsoEdit.map((e) => ({ path: e.root ? e.path : [...path, ...e.path], target: e.target ?? 'value', edit: e.edit })),
          }),
        });
      }
    }
    pending.push(...nameClashes(data, blocks, usable, (path) => locate(doc, counter, path, 'value').line));
    if (usable(['site', 'timeZone'])) pending.push(...timeZoneProblems(data));
    const site = data as SiteData;
    if (Array.isArray(site.pages)) {
      const lineOf = (path: readonly (string | number)[]) => locate(doc, counter, path, 'key').line;
      const { compiled, problems: routeProblems } = compileSite(site, blocks, usable, lineOf);
      // A page the site did not write is answered for by the setting that brought it.
      for (const p of routeProblems) {
        const from = added.get(Number(p.path[1]));
        if (p.path[0] === 'pages' && from) p.path = from;
      }
      pending.push(...routeProblems, ...listSources(site, usable, blocks));
      pending.push(
        ...refProblems(
          refs.filter((r) => usable(r.path)),
          { usable, root: site, prefix, site: compiled, media, facts },
        ),
      );
      slashHints(pending, refs, compiled.router);
      linksFollow(pending, refs, site);
      realSizes(pending, refs, site, facts);
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
        const parts: SiteParts = { prefix, file, data: site, version, media, images };
        built = assemble(parts, compiled, blocks);
        if (keepParts) kept = parts;
      }
    }
  }
  const lines = source.split(/\r?\n/);
  for (const p of pending) {
    const found = p.find ? locateText(doc, counter, source, p.path, p.find) : undefined;
    const pos = found ? { ...found, col: found.col + 1, length: found.length - 1 } : locate(doc, counter, p.path, p.target, p.offset, p.span);
    const edits: { path: readonly (string | number)[]; target: 'key' | 'value'; edit: PendingEdit; at?: Position }[] = [
      ...(p.edit ? [{ path: p.editPath ?? p.path, target: p.target, edit: p.edit, at: p.editPath ? undefined : pos }] : []),
      ...(p.alsoEdit ?? []),
    ];
    const resolved = edits.map((e) => resolveEdit(doc, counter, source, e.edit, e.path, e.target, e.at ?? locate(doc, counter, e.path, e.target)));
    const ok = resolved.length > 0 && resolved.every((e) => e !== undefined);
    problems.push(
      commentedValue(
        {
          code: p.code,
          severity: p.severity ?? 'error',
          file,
          ...pos,
          detail: p.detail,
          fix: p.fix,
          ...(ok && { edits: resolved }),
          ...(p.upload && { upload: p.upload }),
        },
        lines,
      ),
    );
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
function addOwnPages(
  site: Partial<SiteData>,
  usable: (path: readonly (string | number)[]) => boolean,
  blocks: BlockRegistry,
): Map<number, (string | number)[]> {
  const added = new Map<number, (string | number)[]>();
  if (!Array.isArray(site.pages) || !usable(['pages'])) return added;
  const pages = site.pages as unknown[];
  for (const definition of Object.values(blocks)) {
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
    edits: [
      {
        line: problem.line,
        col: line.indexOf(written, (m[1] as string).length) + 1,
        endLine: problem.line,
        endCol: line.indexOf(written, (m[1] as string).length) + 1 + written.length,
        text: `"${written}"`,
      },
    ],
  };
}

/** Whether a link with {placeholders} can land on a route: placeholders face parameters, words face words or parameters. */
function fitsPattern(link: string, pattern: Site['router']['routes'][number]['pattern']): boolean {
  const parts = link === '/' ? [] : link.slice(1).split('/');
  const segs = pattern.segments;
  if (segs.at(-1)?.kind === 'rest') return parts.length >= segs.length;
  return parts.length === segs.length && segs.every((seg, i) => seg.kind !== 'static' || seg.value === parts[i]);
}

/** The smallest site that serves, to write into an empty file: the fix for SW_EMPTY_FILE. */
function starter(prefix: string, source: string): Pick<Problem, 'fix' | 'edits'> {
  const name = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  const lines = [
    'schemaVersion: 1',
    'site:',
    `  name: ${name}`,
    '  kind: personal',
    `  description: The website of ${name}.`,
    'theme:',
    '  colors:',
    '    primary: "#0b5f73"',
    'navigation:',
    '  - label: Home',
    '    href: /',
    'pages:',
    '  - path: /',
    '    title: Home',
    '    blocks:',
    '      - type: hero',
    `        heading: Welcome to ${name}`,
  ];
  const all = source.split(/\r?\n/);
  const end = { line: all.length, col: (all[all.length - 1] ?? '').length + 1 };
  const before = source.trim() && !source.endsWith('\n') ? '\n' : '';
  return {
    fix: `write the smallest site there is and build on it (or start from a complete site of your kind with: npx sitewright new ${prefix}):\n${lines.map((l) => `      ${l}`).join('\n')}`,
    edits: [{ line: end.line, col: end.col, endLine: end.line, endCol: end.col, text: `${before}${lines.join('\n')}\n` }],
  };
}

/** A fix that moves a page takes the site's links to it along, so they do not break. */
function linksFollow(problems: PendingProblem[], refs: Ref[], site: SiteData): void {
  for (const problem of problems) {
    const [pages, index, key] = problem.path;
    if (
      !['SW_NO_HOME', 'SW_RESERVED_PATH', 'SW_BAD_PATH'].includes(problem.code) ||
      pages !== 'pages' ||
      key !== 'path' ||
      !problem.edit ||
      !('value' in problem.edit)
    )
      continue;
    const from = site.pages[index as number]?.path;
    const to = problem.edit.value;
    if (typeof from !== 'string' || from === to) continue;
    const links = refs.filter((r) => r.kind === 'link' && r.value.replace(/[?#].*$/, '') === from);
    if (!links.length) continue;
    problem.alsoEdit = links.map((r) => ({ path: r.path, target: 'value' as const, edit: { value: r.value.replace(from, to) } }));
    problem.fix += ` The link${links.length > 1 ? 's' : ''} to "${from}" change${links.length > 1 ? '' : 's'} with it.`;
  }
}

/** A width or height out of range beside a picture whose file was read: the fix is the file's own size. */
function realSizes(problems: PendingProblem[], refs: Ref[], site: SiteData, facts: MediaFacts | undefined): void {
  for (const problem of problems) {
    const key = problem.path[problem.path.length - 1];
    if (problem.code !== 'SW_OUT_OF_RANGE' || (key !== 'width' && key !== 'height')) continue;
    const parent = problem.path.slice(0, -1);
    const ref = refs.find((r) => r.kind === 'media' && r.path.length === parent.length + 1 && parent.every((s, i) => r.path[i] === s));
    const image = ref && facts?.images.get(ref.value);
    if (!image) continue;
    const size = key === 'width' ? image.width : image.height;
    const other = key === 'width' ? 'height' : 'width';
    const otherSize = key === 'width' ? image.height : image.width;
    let written: unknown = site;
    for (const seg of parent) written = written && typeof written === 'object' ? (written as Record<string | number, unknown>)[seg] : undefined;
    const both = typeof (written as Record<string, unknown> | undefined)?.[other] === 'number';
    problem.fix = both
      ? `write the picture's own size, ${key}: ${size} and ${other}: ${otherSize}, or delete both lines: Sitewright reads the size from the file.`
      : `write the picture's own ${key}, ${key}: ${size}, or delete the line: Sitewright reads the size from the file.`;
    problem.edit = { value: String(size) };
    if (both) problem.alsoEdit = [{ path: [...parent, other], target: 'value', edit: { value: String(otherSize) } }];
  }
}
