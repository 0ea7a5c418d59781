/** The checks of a site's data after reading: the schema, what the blocks check, names and time zone, then the routes and what refers to them. */
import type { Document, LineCounter } from 'yaml';
import type { BlockRegistry } from '../../blocks/contract.ts';
import type { SiteData } from '../../schema/site.ts';
import { compileSite, type Compiled } from './compile.ts';
import { locate } from './locate.ts';
import type { PendingProblem } from './problem.ts';
import { validateDocument } from './validate.ts';
import type { Ref } from './refs.ts';
import { nameClashes } from './names.ts';
import { timeZoneProblems } from './time-zone.ts';
import type { MediaFacts } from './media.ts';
import { addOwnPages, blockProblems, listSources } from './block-checks.ts';
import { refProblems } from './ref-problems.ts';
import { linksFollow, realSizes, slashHints } from './fix-hints.ts';

/** The document being checked, and what the site has beside it. */
export interface CheckInput {
  doc: Document;
  counter: LineCounter;
  source: string;
  prefix: string;
  media: Set<string>;
  facts?: MediaFacts;
}

/** Every problem found, not yet placed in the file; the routes when the site has pages to route. */
export interface Checked {
  pending: PendingProblem[];
  refs: Ref[];
  site?: SiteData;
  compiled?: Compiled;
}

type Usable = (path: readonly (string | number)[]) => boolean;

const startsWith = (long: readonly (string | number)[], short: readonly (string | number)[]) => short.every((seg, i) => long[i] === seg);

/** Checks the data of a site.yaml that was read without problems; parts with schema errors are left out of later checks. */
export function checkSite(data: unknown, input: CheckInput, blocks: BlockRegistry): Checked {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      pending: [
        {
          code: 'SW_WRONG_TYPE',
          path: [],
          target: 'value',
          detail: 'The file must be a group of "key: value" lines, starting with "schemaVersion: 1".',
          fix: 'start from a scaffold: npx sitewright new <prefix>.',
        },
      ],
      refs: [],
    };
  }
  const { doc, counter, source } = input;
  const pending: PendingProblem[] = [];
  const written = (path: (string | number)[]) => {
    const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    return node?.range ? source.slice(node.range[0], node.range[1]) : undefined;
  };
  const { problems: schemaProblems, refs } = validateDocument(data, written, blocks);
  pending.push(...schemaProblems);
  // A part with a schema problem inside it is left out of the later checks, which trust its shape.
  const usable = (path: readonly (string | number)[]) => !schemaProblems.some((p) => startsWith(p.path, path));
  const added = addOwnPages(data, usable, blocks);
  pending.push(...blockProblems(data, usable, blocks));
  pending.push(...nameClashes(data, blocks, usable, (path) => locate(doc, counter, path, 'value').line));
  if (usable(['site', 'timeZone'])) pending.push(...timeZoneProblems(data));
  const site = data as SiteData;
  if (!Array.isArray(site.pages)) return { pending, refs };
  return { pending, refs, site, compiled: checkRoutes(site, { pending, refs, usable, added }, input, blocks) };
}

/** The routes of a site, with the problems found making them and in what refers to them; added to `pending`. */
function checkRoutes(
  site: SiteData,
  { pending, refs, usable, added }: { pending: PendingProblem[]; refs: Ref[]; usable: Usable; added: Map<number, (string | number)[]> },
  { doc, counter, prefix, media, facts }: CheckInput,
  blocks: BlockRegistry,
): Compiled {
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
  return compiled;
}
