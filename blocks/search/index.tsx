import { publicPath } from '../../runtime/render/page-path.ts';
import { PAGEFIND_DIR, SEARCH_PATH, searchOf } from '../../runtime/search/site-search.ts';
import { defineBlock, type BlockIssue } from '../contract.ts';
import { SearchBox, SUGGESTED, type Suggestions } from './SearchBox.tsx';
import { searchProps } from './schema.ts';
import { searchView, sectionLabel, type SearchView } from './view.ts';

export const search = defineBlock({
  type: 'search',
  title: 'Search',
  description:
    'Searches every page and collection item of the site: a search box, results with the words found highlighted, counts per section with filters, and pages of results. Results appear as visitors type; without JavaScript the form still works.',
  props: searchProps,
  Component: SearchBox,
  // On a static export the page is one file for every query: the island finds the address's results, unasked.
  island: { module: './SearchBox.tsx', export: 'SearchBox', hydrate: (ctx) => (ctx.exported ? 'load' : 'interaction') },
  // Rendered for the cache without a query; for a visitor, with what `load` found; in a static export, with the index the browser searches.
  islandProps: (props, ctx) => ({
    view: (ctx.visitor.loaded?.search as SearchView | undefined) ?? searchView(ctx.site, ctx.target, props, {}),
    ...(ctx.exported
      ? {
          staticIndex: {
            base: `${publicPath(ctx.site.prefix, `/${PAGEFIND_DIR}`)}/`,
            labels: Object.fromEntries(['pages', ...ctx.site.collections.keys()].map((s) => [s, sectionLabel(props, s)])),
          },
        }
      : {}),
  }),
  example: {
    heading: 'Search',
    intro: 'Find a guide, a blog post or a service.',
    sections: { posts: 'Blog', guides: 'Guides' },
  },
  // The runtime knows a site's search by its top-level key and its address (the header's box, the limit on searches), so the block must stand there.
  // `search: true` alone gives the site its search page; an author writes one only to change its words.
  ownPage(site) {
    if (site.search !== true) return undefined;
    const name = typeof site.site?.name === 'string' ? site.site.name : undefined;
    return {
      setting: 'search',
      page: {
        path: SEARCH_PATH,
        title: 'Search',
        description: name ? `Search every page of ${name}.` : 'Search every page of this site.',
        noindex: true,
        blocks: [{ type: 'search', heading: name ? `Search ${name}` : 'Search' }],
      },
    };
  },
  check(_props, site) {
    const issues: BlockIssue[] = [];
    if (!site.pages) return issues;
    if (site.search !== true)
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_MISSING_KEY',
        detail: 'This page shows a search block, but the site does not turn search on.',
        fix: 'add "search: true" at the top level of the site file.',
      });
    // The rest of the document may be invalid: only lists are read as lists.
    const pages: unknown[] = Array.isArray(site.pages) ? site.pages : [];
    const elsewhere = pages.some((page) => {
      const { path, blocks } = (page ?? {}) as { path?: unknown; blocks?: unknown };
      return path !== SEARCH_PATH && Array.isArray(blocks) && blocks.some((block) => (block as { type?: unknown } | null)?.type === 'search');
    });
    if (elsewhere)
      issues.push({
        path: [],
        target: 'key',
        code: 'SW_NOT_ALLOWED',
        detail: `A search block shows results on the page at ${SEARCH_PATH} only.`,
        fix: `move it to the page with "path: ${SEARCH_PATH}".`,
      });
    return issues;
  },
  async load({ site, target, props, query }) {
    return searchView(site, target, props, query);
  },
  // The first few results of what the visitor has typed so far, as plain links.
  async publicData({ site, props, query }): Promise<Suggestions> {
    const answer = searchOf(site).search(query.q ?? '', { perPage: SUGGESTED });
    return {
      query: answer.query,
      total: answer.sections.reduce((n, s) => n + s.count, 0),
      results: answer.hits.map((hit) => ({
        href: publicPath(site.prefix, hit.path),
        title: hit.title.map((p) => p.text).join(''),
        section: sectionLabel(props, hit.section),
      })),
    };
  },
});
