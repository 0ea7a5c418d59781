import { Type } from '@sinclair/typebox';
import { Text } from '../../schema/common.ts';
import { useHref, useRender } from '../../runtime/render/context.tsx';
import { crumbLabel } from '../../runtime/render/trail.ts';
import type { Crumb } from '../../runtime/site.ts';
import { defineBlock } from '../contract.ts';

const props = Type.Object(
  {
    home: Text('The name of the first step, the home page.', { default: 'Home' }),
  },
  { additionalProperties: false },
);

export const breadcrumbs = defineBlock({
  type: 'breadcrumbs',
  title: 'Breadcrumbs',
  description: 'A trail of links from the home page down to the current page, for deep pages such as nested departments or blog posts.',
  aboveTitle: true,
  props,
  Component({ home = 'Home' }) {
    const { site, target } = useRender();
    const href = useHref();
    const isHome = target.path === '/';
    const crumbs: Crumb[] = isHome ? [] : [{ label: home, path: '/' }, ...(target.trail ?? [])];
    return (
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol className="container">
          {crumbs.map((c, i) => (
            <li key={i}>{c.path ? <a href={href(c.path)}>{c.label}</a> : <span>{c.label}</span>}</li>
          ))}
          <li>
            <a href={href(target.path)} aria-current="page">
              {isHome ? home : (crumbLabel(site, target) ?? home)}
            </a>
          </li>
        </ol>
      </nav>
    );
  },
  example: { home: 'Home' },
});
