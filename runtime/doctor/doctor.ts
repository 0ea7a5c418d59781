/**
 * `sitewright doctor`: checks of sites that load, for what a schema cannot see — pages that
 * look alike in search results, images without useful alt text, heading outlines with holes,
 * duplicate titles, doorway-like area pages, theme colours that cannot be read, dead links and
 * anchors, unusable e-mail and phone links, a first heading that repeats the page's title. Every
 * page is rendered once and read by every check (and, with --layout, measured in Chromium).
 * Every finding is a warning, at the line of site.yaml that causes it.
 */
import type { LoadResult } from '../config/load-site.ts';
import type { Site } from '../site.ts';
import { altText } from './checks/alt-text.ts';
import { areaPages } from './checks/areas.ts';
import { contacts } from './checks/contacts.ts';
import { themeContrast } from './checks/contrast.ts';
import { descriptions } from './checks/descriptions.ts';
import { headingLevels } from './checks/headings.ts';
import { links } from './checks/links.ts';
import { duplicateTitles } from './checks/titles.ts';
import { repeatedTitles } from './checks/repeated-title.ts';
import { examine, type Draft, type Exam } from './exam.ts';
import { sortFindings, type Finding } from './finding.ts';

export const CHECKS: readonly ((exam: Exam) => Draft[])[] = [
  descriptions,
  altText,
  headingLevels,
  duplicateTitles,
  areaPages,
  themeContrast,
  links,
  contacts,
  repeatedTitles,
];

export interface SiteReport {
  prefix: string;
  file: string;
  source: string;
  /** False when the site does not load: it must pass `sitewright validate` first. */
  checked: boolean;
  /** How many errors kept an invalid site from being checked. */
  errors: number;
  /** Why a valid site could not be checked: a page failed to render. */
  failure?: string;
  pages: number;
  findings: Finding[];
}

/**
 * The same spot found on many addresses (a menu link, the text of a page made per item) is one
 * finding; its detail says on how many other pages it shows.
 */
function merge(site: Site, drafts: Draft[]): Finding[] {
  const byKey = new Map<string, { draft: Draft; addresses: Set<string> }>();
  for (const draft of drafts) {
    const key = `${draft.at.line}:${draft.at.col}:${draft.code}:${draft.address ? '' : draft.detail}`;
    const seen = byKey.get(key) ?? { draft, addresses: new Set<string>() };
    if (draft.address) seen.addresses.add(draft.address);
    byKey.set(key, seen);
  }
  return [...byKey.values()].map(({ draft, addresses }) => {
    const others = Math.max(0, addresses.size - 1);
    return {
      code: draft.code,
      severity: 'warning',
      file: site.file,
      ...draft.at,
      detail: others ? `${draft.detail} The same on ${others} other page${others === 1 ? '' : 's'}.` : draft.detail,
      fix: draft.fix,
      ...(draft.edits && { edits: draft.edits }),
    };
  });
}

/** A check that measures more than the rendered HTML can tell: `doctor --layout` renders pages in Chromium. */
export type MoreChecks = (exam: Exam) => Promise<Draft[]>;

export function checkSite(
  site: Site,
  source: string,
  parsed: NonNullable<LoadResult['parsed']>,
  options: { today?: string } = {},
): { findings: Finding[]; pages: number } {
  const exam = examine(site, source, parsed, options.today);
  return {
    findings: sortFindings(
      merge(
        site,
        CHECKS.flatMap((check) => check(exam)),
      ),
    ),
    pages: exam.pages.length,
  };
}

type Base = Pick<SiteReport, 'prefix' | 'file' | 'source'>;

const notLoaded = (base: Base, result: LoadResult): SiteReport => ({
  ...base,
  checked: false,
  errors: result.problems.filter((p) => p.severity === 'error').length,
  pages: 0,
  findings: [],
});

// A page that cannot be rendered or measured is a fault of the runtime, not of the file: say so and go on with the fleet.
const failed = (base: Base, error: unknown): SiteReport => ({
  ...base,
  checked: false,
  errors: 0,
  failure: (error instanceof Error ? error.message : String(error)).split('\n')[0],
  pages: 0,
  findings: [],
});

export function checkResult(result: LoadResult, options: { today?: string } = {}): SiteReport {
  const base = { prefix: result.prefix, file: result.file, source: result.source };
  if (!result.site || !result.parsed) return notLoaded(base, result);
  try {
    return { ...base, checked: true, errors: 0, ...checkSite(result.site, result.source, result.parsed, options) };
  } catch (error) {
    return failed(base, error);
  }
}

/** The same checks and `more` besides, their findings merged and sorted with the others. */
export async function checkResultWith(result: LoadResult, more: MoreChecks, options: { today?: string } = {}): Promise<SiteReport> {
  const base = { prefix: result.prefix, file: result.file, source: result.source };
  if (!result.site || !result.parsed) return notLoaded(base, result);
  try {
    const exam = examine(result.site, result.source, result.parsed, options.today);
    const drafts = [...CHECKS.flatMap((check) => check(exam)), ...(await more(exam))];
    return { ...base, checked: true, errors: 0, findings: sortFindings(merge(result.site, drafts)), pages: exam.pages.length };
  } catch (error) {
    return failed(base, error);
  }
}
