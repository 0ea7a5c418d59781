/**
 * Search in the browser, for a static export where no server answers a query: the site's
 * Pagefind index (written beside its pages by `sitewright build`) gives the same results view
 * the server draws, with sections counted and filtered, pages of ten, and the matched words
 * marked as pieces of text, never as HTML.
 */
import type { Piece } from '../../runtime/search/engine.ts';
import { plainSectionName, resultsHref } from './links.ts';
import type { Suggestions } from './SearchBox.tsx';
import type { SearchView } from './view.ts';

/** Where the index is and what the sections are called, worked out on the server. */
export interface StaticIndex {
  /** The folder of the site's index, such as /clearpath/pagefind/. */
  base: string;
  labels: Record<string, string>;
}

interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  filters?: Record<string, string[]>;
}

interface PagefindSearch {
  results: { id: string; data(): Promise<PagefindData> }[];
  filters: Record<string, Record<string, number>>;
}

interface Pagefind {
  options(options: { baseUrl: string }): Promise<void>;
  filters(): Promise<Record<string, Record<string, number>>>;
  search(query: string, options?: { filters?: Record<string, string> }): Promise<PagefindSearch | null>;
}

const PER_PAGE = 10;
/** The server's MAX_QUERY (runtime/search/query-bounds.ts), not imported: that would bring the stemmers to the browser. */
const MAX_QUERY = 100;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (s: string) => s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, name: string) => ENTITIES[name] ?? '');

/** Pagefind's excerpt (text with <mark> around the matched words) as pieces. */
export function excerptPieces(excerpt: string): Piece[] {
  return excerpt
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter(Boolean)
    .map((part) => {
      const marked = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
      return marked ? { text: decode(marked[1] as string), hit: true as const } : { text: decode(part) };
    });
}

export class BrowserSearch {
  private loaded: Promise<Pagefind> | undefined;

  constructor(
    private readonly index: StaticIndex,
    private readonly action: string,
  ) {}

  private pagefind(): Promise<Pagefind> {
    this.loaded ??= import(/* @vite-ignore */ new URL(`${this.index.base}pagefind.js`, window.location.href).href).then(async (module: Pagefind) => {
      await module.options({ baseUrl: '/' });
      // Results are counted by section only once the filters are loaded.
      await module.filters();
      return module;
    });
    return this.loaded;
  }

  private label(section: string) {
    return this.index.labels[section] ?? plainSectionName(section);
  }

  private link(params: Record<string, string | number | undefined>) {
    return resultsHref(this.action, params);
  }

  /** The first results of what the visitor has typed so far, as the box shows them. */
  async suggest(q: string, count: number): Promise<Suggestions> {
    const query = q.trim().slice(0, MAX_QUERY);
    const found = await (await this.pagefind()).search(query);
    const results = await Promise.all((found?.results ?? []).slice(0, count).map((r) => r.data()));
    return {
      query,
      total: found?.results.length ?? 0,
      results: results.map((d) => ({ href: d.url, title: d.meta.title ?? d.url, section: this.label(sectionOf(d)) })),
    };
  }

  /** The results page for the query in the address: ?q=…&section=…&page=… */
  async view(params: URLSearchParams): Promise<SearchView> {
    const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY);
    const empty: SearchView = { action: this.action, query: q, total: 0, filters: [], results: [], page: 1, pages: 1 };
    if (!q) return empty;
    const pagefind = await this.pagefind();
    const all = await pagefind.search(q);
    if (!all?.results.length) return empty;
    const counts = Object.entries(all.filters.section ?? {})
      .filter(([, n]) => n > 0)
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    const wanted = params.get('section') ?? '';
    const section = counts.some(([s]) => s === wanted) ? wanted : undefined;
    const found = section ? await pagefind.search(q, { filters: { section } }) : all;
    const total = found?.results.length ?? 0;
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    const asked = Number.parseInt(params.get('page') ?? '1', 10);
    const page = Number.isSafeInteger(asked) ? Math.min(Math.max(asked, 1), pages) : 1;
    const shown = await Promise.all((found?.results ?? []).slice((page - 1) * PER_PAGE, page * PER_PAGE).map((r) => r.data()));
    return {
      ...empty,
      total,
      filters: [
        { label: 'All', href: this.link({ q }), count: all.results.length, current: !section },
        ...counts.map(([s, count]) => ({ label: this.label(s), href: this.link({ q, section: s }), count, current: s === section })),
      ],
      results: shown.map((d) => ({
        href: d.url,
        title: [{ text: d.meta.title ?? d.url }],
        snippet: excerptPieces(d.excerpt),
        section: this.label(sectionOf(d)),
      })),
      page,
      pages,
      ...(page > 1 ? { previous: this.link({ q, section, page: page - 1 }) } : {}),
      ...(page < pages ? { next: this.link({ q, section, page: page + 1 }) } : {}),
    };
  }
}

/** The section Pagefind filed a result under. */
const sectionOf = (data: PagefindData) => data.filters?.section?.[0] ?? 'pages';
