/** A small blog for the tests of the blog blocks: five posts in two categories, two per numbered page. */
import { stringify } from 'yaml';
import { BASE_YAML } from '../../tests/helpers/site.tsx';
import type { BlockData } from '../../schema/common.ts';

const post = (title: string, date: string, category: string, extra: Record<string, unknown> = {}) => ({
  title,
  date,
  category,
  author: 'Dr. Ana Ruiz',
  summary: `About ${title.toLowerCase()}.`,
  body: `Some words about ${title.toLowerCase()}.`,
  ...extra,
});

export const POSTS = [
  post('Flossing basics', '2026-01-10', 'Prevention'),
  post('Choosing a toothbrush', '2026-02-14', 'Prevention', { updated: '2026-03-01', tags: ['brushing', 'kids'] }),
  post('Our new evening hours', '2026-03-05', 'Clinic news'),
  post('Sealants for children', '2026-04-20', 'Prevention'),
  post('Meet our new hygienist', '2026-05-02', 'Clinic news'),
];

export function blogYaml(listing: BlockData[], { post = [], more = [] }: { post?: BlockData[]; more?: Record<string, unknown>[] } = {}): string {
  const pages = [
    { path: '/', title: 'Home', blocks: [{ type: 'hero', heading: 'Welcome' }] },
    { path: '/blog', title: 'Blog', blocks: listing },
    { path: '/blog/{slug}', from: 'posts', ...(post.length ? { blocks: post } : {}) },
    { path: '/blog/page/{page}', from: 'posts', pageSize: 2 },
    { path: '/blog/category/{category}', from: 'posts', groupBy: 'category' },
    ...more,
  ];
  return `${BASE_YAML}${stringify({ pages, collections: { posts: { kind: 'post', items: POSTS } } })}`;
}
