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

/** A block tree, in order. `top` marks the page's own list, whose first block may carry the h1. */
export function Blocks({ blocks, top = false }: { blocks: readonly BlockData[]; top?: boolean }) {
  return blocks.map((block, index) => {
    const definition = BLOCKS[block.type];
    if (!definition) throw new Error(`unknown block type "${block.type}" reached rendering`);
    const { type: _type, id, ...props } = block;
    const Component = definition.Component;
    const content = definition.island ? <Island definition={definition} props={props} /> : <Component {...props} />;
    return (
      <PositionProvider key={index} value={{ first: top && index === 0 }}>
        {typeof id === 'string' ? <div id={id}>{content}</div> : content}
      </PositionProvider>
    );
  });
}

/** Whether a block carries the page's h1 when it comes first. */
export const leadsPage = (block: BlockData | undefined) => Boolean(block && BLOCKS[block.type]?.leads);
