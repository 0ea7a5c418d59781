import { renderToString } from 'react-dom/server';
import { BLOCKS } from '../../blocks/registry.ts';
import type { BlockDefinition } from '../../blocks/types.ts';
import type { BlockData } from '../../schema/common.ts';
import { useRender } from './context.tsx';
import { PositionProvider } from './position.tsx';

/**
 * An island is rendered apart, in a root of its own, so the markup the browser hydrates is
 * exactly what `hydrateRoot` expects; its props travel as JSON beside it.
 */
function Island({ definition, props }: { definition: BlockDefinition; props: Record<string, unknown> }) {
  const ctx = useRender();
  ctx.islands.add(definition.type);
  const islandProps = {
    ...props,
    locale: ctx.site.data.site.language,
    ...(Object.keys(ctx.query).length ? { query: ctx.query } : {}),
  };
  const Component = definition.Component;
  return (
    <div
      className="island"
      data-island={definition.type}
      data-props={JSON.stringify(islandProps)}
      dangerouslySetInnerHTML={{ __html: renderToString(<Component {...islandProps} />) }}
    />
  );
}

/** Where the page's title goes: after any blocks that stand above it, such as breadcrumbs. */
export const titleIndex = (blocks: readonly BlockData[]) => {
  const index = blocks.findIndex((b) => !BLOCKS[b.type]?.aboveTitle);
  return index < 0 ? blocks.length : index;
};

/** A block tree, in order. `top` marks the page's own list, whose first block may carry the h1. */
export function Blocks({ blocks, top = false }: { blocks: readonly BlockData[]; top?: boolean }) {
  const first = top ? titleIndex(blocks) : -1;
  return blocks.map((block, index) => {
    const definition = BLOCKS[block.type];
    if (!definition) throw new Error(`unknown block type "${block.type}" reached rendering`);
    const { type: _type, id, ...props } = block;
    const Component = definition.Component;
    const content = definition.island ? <Island definition={definition} props={props} /> : <Component {...props} />;
    return (
      <PositionProvider key={index} value={{ first: index === first }}>
        {typeof id === 'string' ? <div id={id}>{content}</div> : content}
      </PositionProvider>
    );
  });
}

/** Whether the block at the title's place carries the page's h1 itself. */
export const leadsPage = (blocks: readonly BlockData[]) => {
  const block = blocks[titleIndex(blocks)];
  return Boolean(block && BLOCKS[block.type]?.leads);
};
