import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { search } from './index.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { SearchView } from './view.ts';

const view: SearchView = {
  action: '/demo/search',
  query: '<b>ramps</b>',
  total: 1,
  filters: [],
  results: [
    { href: '/demo/ramps', title: [{ text: 'Ramps' }], snippet: [{ text: 'A ' }, { text: 'ramp', hit: true }, { text: ' <i>beside</i>' }], section: 'Blog' },
  ],
  page: 1,
  pages: 1,
};

describe('the search block', () => {
  it('shows the query and the content as text, with matched words marked', () => {
    const html = renderToString(<SearchBox heading="Search" view={view} />);
    expect(html).toContain('for “&lt;b&gt;ramps&lt;/b&gt;”');
    expect(html).toContain('<mark>ramp</mark> &lt;i&gt;beside&lt;/i&gt;');
    expect(html).toContain('<label for="search-q">Search this site</label>');
    expect(html).not.toContain('role="combobox"');
  });

  it('says when only the start of a long search was used', () => {
    expect(renderToString(<SearchBox heading="Search" view={{ ...view, shortened: true }} />)).toContain('only its first words were used');
    expect(renderToString(<SearchBox heading="Search" view={{ ...view, total: 0, results: [], shortened: true }} />)).toContain(
      'only its first words were used',
    );
    expect(renderToString(<SearchBox heading="Search" view={view} />)).not.toContain('only its first words');
  });

  it('asks for search: true and the page at /search when it sees the whole site', () => {
    const pages = [{ path: '/find', blocks: [{ type: 'search' }] }];
    const codes = search.check?.(search.example, { pages }).map((i) => i.code);
    expect(codes).toEqual(['SW_MISSING_KEY', 'SW_NOT_ALLOWED']);
    expect(search.check?.(search.example, { search: true, pages: [{ path: '/search', blocks: [{ type: 'search' }] }] })).toEqual([]);
  });
});
