/** A town hall site with a nested page tree served by a catch-all path, for the breadcrumbs and child-pages tests. */
import { stringify } from 'yaml';
import { BASE_YAML } from '../../tests/helpers/site.tsx';
import type { BlockData } from '../../schema/common.ts';

const page = (slug: string, title: string, summary?: string) => ({ slug, title, ...(summary ? { summary } : {}), body: `About ${title.toLowerCase()}.` });

export function treeYaml(template: BlockData[], home: BlockData[] = []): string {
  const pages = [
    { path: '/', title: 'Home', blocks: [{ type: 'hero', heading: 'Maple Falls Town Hall' }, ...home] },
    { path: '/about', title: 'About the town hall', blocks: [{ type: 'rich-text', markdown: 'Open weekdays.' }] },
    { path: '/{slug*}', from: 'pages', blocks: template },
  ];
  const collections = {
    pages: {
      kind: 'page',
      items: [
        page('departments', 'Departments'),
        page('departments/public-works', 'Public Works', 'Roads, parks and water.'),
        page('departments/public-works/roads', 'Roads and sidewalks', 'Repairs, snow clearing and street lights.'),
        page('departments/public-works/parks', 'Parks', 'Playgrounds, trails and the town green.'),
        page('departments/finance', 'Finance'),
        page('services/permits/building', 'Building permits'),
      ],
    },
  };
  const nav = 'navigation:\n  - label: Home\n    href: /\n  - label: About us\n    href: /about\n';
  return `${BASE_YAML.replace(/navigation:\n[\s\S]*$/, nav)}${stringify({ pages, collections })}`;
}
