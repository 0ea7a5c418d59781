import { renderToString } from 'react-dom/server';
import type { BlockData } from '../../schema/common.ts';
import { Blocks } from '../render/Blocks.tsx';
import { RenderProvider } from '../render/context.tsx';
import type { Site, Target } from '../site.ts';

/** One block of a page rendered on its own, to tell which block made part of the page. */
export function blockHtml(site: Site, target: Target, block: BlockData, today = new Date().toISOString().slice(0, 10)): string {
  return renderToString(
    <RenderProvider value={{ site, target, query: {}, today, islands: new Set() }}>
      <Blocks blocks={[block]} />
    </RenderProvider>,
  );
}
