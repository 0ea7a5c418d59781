/** A small town site for the tests of the news blocks: two organisations and their news. */
import { stringify } from 'yaml';
import { BASE_YAML } from '../../tests/helpers/site.tsx';
import type { BlockData } from '../../schema/common.ts';

const news = (title: string, date: string, organization?: string) => ({
  title,
  date,
  ...(organization ? { organization } : {}),
  summary: `${title}: the details.`,
  body: `More about ${title.toLowerCase()}.`,
});

export function newsYaml(listing: BlockData[], { home = [] as BlockData[], detail = [] as BlockData[], organizations = true } = {}): string {
  const pages = [
    { path: '/', title: 'Home', blocks: [{ type: 'hero', heading: 'Welcome to Maple Falls' }, ...home] },
    { path: '/news', title: 'News', blocks: listing },
    { path: '/news/{slug}', from: 'news', ...(detail.length ? { blocks: detail } : {}) },
    ...(organizations
      ? [
          {
            path: '/organizations/{slug}',
            from: 'organizations',
            blocks: [{ type: 'item' }, { type: 'news-list', heading: 'News', filter: { organization: '{slug}' } }],
          },
        ]
      : []),
  ];
  const collections = {
    news: {
      kind: 'news',
      items: [
        news('Library extends Saturday hours', '2026-03-02', 'riverside-library'),
        news('Spring book sale', '2026-04-11', 'riverside-library'),
        news('Main Street repaving starts', '2026-05-06'),
        news('Chamber welcomes new members', '2026-02-01', 'maple-falls-chamber'),
      ],
    },
    ...(organizations
      ? {
          organizations: {
            kind: 'organization',
            items: [
              { slug: 'riverside-library', name: 'Riverside Library', summary: 'The town library.' },
              { slug: 'maple-falls-chamber', name: 'Maple Falls Chamber of Commerce', summary: 'Local businesses, together.' },
            ],
          },
        }
      : {}),
  };
  return `${BASE_YAML}${stringify({ pages, collections })}`;
}
