/**
 * Builds real sites from YAML text for tests, through the same loader the server uses.
 */
import { loadSite, type LoadResult } from '../../runtime/config/load-site.ts';
import { formatProblem } from '../../runtime/config/problem.ts';
import { blocksHtml, renderPage } from '../../runtime/render/page.tsx';
import type { Site, Target } from '../../runtime/site.ts';
import type { BlockData } from '../../schema/common.ts';
import { BLOCKS } from '../../blocks/registry.ts';

export const BASE_YAML = `schemaVersion: 1
site:
  name: Maple Falls Dental
  kind: dentist
  description: Family dentistry in Maple Falls.
  phone: 555-0142
  email: hello@maplefalls.example.com
theme:
  colors:
    primary: "#0b5f73"
navigation:
  - label: Home
    href: /
`;

export function load(yaml: string, prefix = 'example', media: string[] = []): LoadResult {
  return loadSite({ blocks: BLOCKS, prefix, file: `sites/${prefix}/site.yaml`, source: yaml, media: new Set(media) });
}

/** Loads a site that must be valid; fails the test with the author-facing messages otherwise. */
export function siteFrom(yaml: string, prefix = 'example', media: string[] = []): Site {
  const result = load(yaml, prefix, media);
  if (!result.site) throw new Error(result.problems.map((p) => formatProblem(p, result.source)).join('\n\n'));
  return result.site;
}

/** The problems as the CLI prints them. */
export function problemsOf(yaml: string, prefix = 'example'): string[] {
  const result = load(yaml, prefix);
  return result.problems.map((p) => formatProblem(p, result.source));
}

export function targetAt(site: Site, path: string): Target {
  const match = site.router.match(path);
  if (match.kind !== 'match') throw new Error(`no page at ${path}`);
  return match.target;
}

/** The full HTML document of one address of a site. */
export function pageHtml(site: Site, path: string, query: Record<string, string> = {}, today = '2026-06-15'): string {
  return renderPage(site, targetAt(site, path), {
    origin: 'https://sites.example.com',
    assets: { stylesheet: '/assets/test.css', script: '/assets/client/main.js' },
    query,
    today,
  }).html;
}

/** Renders some blocks as if they were on the page at `path` (default: the home page). */
export function renderBlocks(site: Site, blocks: BlockData[], path = '/', today = '2026-06-15'): string {
  return blocksHtml(site, targetAt(site, path), blocks, today);
}

/** A minimal valid site whose home page shows the given blocks (YAML, indented as a list under "blocks:"). */
export function siteWithBlocks(blocksYaml: string, extra = ''): string {
  return `${BASE_YAML}pages:\n  - path: /\n    title: Home\n    blocks:\n${blocksYaml.replace(/^/gm, '      ').replace(/^\s+$/gm, '')}\n${extra}`;
}
