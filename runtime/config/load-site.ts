import { createHash } from 'node:crypto';
import type { Document, LineCounter } from 'yaml';
import type { BlockRegistry } from '../../blocks/contract.ts';
import type { SiteData } from '../../schema/site.ts';
import type { Site } from '../site.ts';
import { compileSite, type Compiled } from './compile.ts';
import { sortProblems, type Problem } from './problem.ts';
import type { Ref } from './refs.ts';
import { compileActions } from './actions.ts';
import { clipRuns } from './budget.ts';
import type { MediaFacts } from './media.ts';
import type { ImageFacts } from '../images/facts.ts';
import { schemaKeys } from './schema-keys.ts';
import { prefixProblems, readSite } from './read-site.ts';
import { checkSite } from './check-site.ts';
import { placeProblems } from './place-problems.ts';
import { blockLinesOf, type BlockLines } from './block-lines.ts';

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
  /** Keep where each page's blocks are in the file (a draft the studio previews). */
  keepLines?: boolean;
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
  /** Each page's blocks' lines, when asked for with keepLines and the site was built. */
  blockLines?: BlockLines;
}

/** The site, frozen whole (its pages, items, trails and routes): serving reads it and never changes it. */
function assemble(parts: SiteParts, compiled: Compiled, blocks: BlockRegistry): Site {
  const site = deepFreeze({
    ...parts,
    router: compiled.router,
    targets: compiled.targets,
    collections: compiled.collections,
    listings: compiled.listings,
    actions: compileActions(parts.data, blocks),
  });
  // The registry, shared by every site, is kept as it was handed in.
  return Object.freeze({ ...site, blocks });
}

/**
 * A site from the parts of a document that passed every check in another thread: only the routes
 * and body schemas are made again (a millisecond or so), as functions cannot cross between threads.
 */
export function siteFromParts(parts: SiteParts, blocks: BlockRegistry): Site {
  return assemble(parts, compileSite(parts.data, blocks, () => true).compiled, blocks);
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
    return loadSiteOrThrow(input, input.blocks);
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

function loadSiteOrThrow(input: SiteSource, blocks: BlockRegistry): LoadResult {
  const { prefix, file, source, media, facts, keepDocument = false, keepParts = false, keepLines = false } = input;
  const read = readSite(prefix, file, source, input.maxBytes, schemaKeys(blocks));
  const problems: Problem[] = [...prefixProblems(prefix, file), ...('problems' in read ? read.problems : [])];
  const parsed = keepDocument ? read.parsed : undefined;
  let kept: SiteParts | undefined;
  let lines: BlockLines | undefined;
  const done = (site?: Site): LoadResult => ({
    prefix,
    file,
    source,
    site,
    problems: sortProblems(problems.map((p) => ({ ...p, detail: clipRuns(p.detail), fix: clipRuns(p.fix) }))),
    parsed,
    ...(kept && { parts: kept }),
    ...(lines && { blockLines: lines }),
  });
  if (!('data' in read)) return done();
  const { doc, counter } = read.parsed;
  const { pending, refs, site, compiled } = checkSite(read.data, { doc, counter, source, prefix, media, facts }, blocks);
  let built: Site | undefined;
  if (site && compiled && !pending.some((p) => (p.severity ?? 'error') === 'error') && !problems.length) {
    const images = imagesShown(refs, facts);
    const parts: SiteParts = { prefix, file, data: site, version: versionOf(source, media, images), media, images };
    built = assemble(parts, compiled, blocks);
    if (keepParts) kept = parts;
    if (keepLines) lines = blockLinesOf(doc, counter);
  }
  problems.push(...placeProblems(pending, doc, counter, source, file));
  // One node reached twice through a YAML alias is one mistake.
  const unique = new Map(problems.map((p) => [`${p.line}:${p.col}:${p.code}`, p]));
  problems.splice(0, problems.length, ...unique.values());
  return done(built);
}

/** The pictures the site shows, by name. */
function imagesShown(refs: Ref[], facts: MediaFacts | undefined): Map<string, ImageFacts> {
  return new Map(refs.flatMap((r) => (r.kind === 'media' && facts?.images.has(r.value) ? [[r.value, facts.images.get(r.value) as ImageFacts] as const] : [])));
}

/** The site's version: a hash of its text, its media files' names and its pictures' hashes, so a photo replaced under the same name makes a new one. */
function versionOf(source: string, media: Set<string>, images: Map<string, ImageFacts>): string {
  return createHash('sha256')
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
}
