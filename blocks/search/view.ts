/**
 * What the search block shows for one query, worked out on the server: links for every filter,
 * page and result, and the pieces of text to show with the matched words marked. Plain JSON,
 * for the page (without JavaScript) and for the island that hydrates it.
 */
import { siteHref } from '../../runtime/render/context.tsx';
import { publicPath } from '../../runtime/render/page-path.ts';
import { pageNumber, type Piece } from '../../runtime/search/engine.ts';
import { searchOf } from '../../runtime/search/site-search.ts';
import type { Site, Target } from '../../runtime/site.ts';
import { plainSectionName, resultsHref } from './links.ts';
import type { SearchProps } from './schema.ts';

export interface LinkView {
  label: string;
  href: string;
  count?: number;
  current?: boolean;
}

export interface ResultView {
  href: string;
  title: Piece[];
  snippet: Piece[];
  section: string;
}

export interface SearchView {
  /** The search page's own address: where the form goes. */
  action: string;
  query: string;
  /** Only the start of a long query was searched for. */
  shortened?: true;
  total: number;
  /** "All" first, then one per section with results. */
  filters: LinkView[];
  results: ResultView[];
  page: number;
  pages: number;
  previous?: string;
  next?: string;
  suggestion?: LinkView;
}

/** A section's name for people: the author's, or the collection's name with a capital. */
export const sectionLabel = (props: SearchProps, section: string) => props.sections?.[section] ?? plainSectionName(section);

export function searchView(site: Site, target: Target, props: SearchProps, query: Readonly<Record<string, string>>, perPage?: number): SearchView {
  const action = publicPath(site.prefix, target.path);
  const answer = searchOf(site).search(query.q ?? '', { section: query.section, page: pageNumber(query.page), perPage });
  const link = (params: Record<string, string | number | undefined>) => resultsHref(action, params);
  const q = answer.query;
  const all = answer.sections.reduce((n, s) => n + s.count, 0);
  return {
    action,
    query: q,
    ...(answer.shortened ? { shortened: true as const } : {}),
    total: answer.total,
    filters: answer.sections.length
      ? [
          { label: 'All', href: link({ q }), count: all, current: !answer.section },
          ...answer.sections.map((s) => ({
            label: sectionLabel(props, s.section),
            href: link({ q, section: s.section }),
            count: s.count,
            current: s.section === answer.section,
          })),
        ]
      : [],
    results: answer.hits.map((hit) => ({
      href: siteHref(site.prefix, hit.path),
      title: hit.title,
      snippet: hit.snippet,
      section: sectionLabel(props, hit.section),
    })),
    page: answer.page,
    pages: answer.pages,
    ...(answer.page > 1 ? { previous: link({ q, section: answer.section, page: answer.page - 1 }) } : {}),
    ...(answer.page < answer.pages ? { next: link({ q, section: answer.section, page: answer.page + 1 }) } : {}),
    ...(answer.suggestion ? { suggestion: { label: answer.suggestion, href: link({ q: answer.suggestion }) } } : {}),
  };
}
