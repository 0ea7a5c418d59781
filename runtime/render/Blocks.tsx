import { renderToString } from 'react-dom/server';
import type { BlockDefinition } from '../../blocks/contract.ts';
import type { BlockData } from '../../schema/common.ts';
import { useRender, type BlockRegistry } from './context.tsx';
import { fillTemplate } from './items.ts';
import { PositionProvider } from './position.tsx';

/**
 * An island is rendered apart, in a root of its own, so the markup the browser hydrates is
 * exactly what `hydrateRoot` expects; its props travel as JSON beside it.
 */
function Island({ definition, props }: { definition: BlockDefinition; props: Record<string, unknown> }) {
  const ctx = useRender();
  const islandProps = {
    ...props,
    ...definition.islandProps?.(props, ctx),
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
export const titleIndex = (blocks: readonly BlockData[], registry: BlockRegistry) => {
  const index = blocks.findIndex((b) => !registry[b.type]?.aboveTitle);
  return index < 0 ? blocks.length : index;
};

/** Every string inside a value with its {placeholders} filled. */
function fillDeep(value: unknown, values: Record<string, unknown>): unknown {
  if (typeof value === 'string') return value.includes('{') ? fillTemplate(value, values) : value;
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, values));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)]));
  return value;
}

/**
 * Where a block of the page's own list begins and ends, as HTML comments (renderPage turns these
 * stand-ins into them): invisible to styles and layout, so the page measures as visitors get it.
 */
export const BLOCK_MARK = { start: 'sw-block', end: '/sw-block' } as const;
const Mark = ({ kind, index }: { kind: 'start' | 'end'; index: number }) => <template data-sw-mark={`${BLOCK_MARK[kind]} ${index}`} />;
export const blockMarksToComments = (html: string) => html.replace(/<template data-sw-mark="(\/?sw-block \d+)"><\/template>/g, '<!--$1-->');

/**
 * A block tree, in order. `top` marks the page's own list, whose first block may carry the h1;
 * `from` is the index of the first of `blocks` in the page's own list, for the marks.
 */
export function Blocks({ blocks, top = false, from }: { blocks: readonly BlockData[]; top?: boolean; from?: number }) {
  const { target, blocks: registry, markBlocks } = useRender();
  const marked = markBlocks && from !== undefined;
  const first = top ? titleIndex(blocks, registry) : -1;
  // On a page made per item, "{name}" in any text of a block is that item's name.
  const values =
    target.item || target.group
      ? { ...target.item?.data, slug: target.item?.slug, group: target.group?.label, ...(target.group ? { [target.group.field]: target.group.label } : {}) }
      : undefined;
  return blocks.map((block, index) => {
    const definition = registry[block.type];
    if (!definition) throw new Error(`unknown block type "${block.type}" reached rendering`);
    const { type: _type, id, ...raw } = block;
    const props = values && !definition.ownPlaceholders ? (fillDeep(raw, values) as typeof raw) : raw;
    const Component = definition.Component;
    const content = definition.island ? <Island definition={definition} props={props} /> : <Component {...props} />;
    return (
      <PositionProvider key={index} value={{ first: index === first }}>
        {marked ? <Mark kind="start" index={from + index} /> : null}
        {typeof id === 'string' ? <div id={id}>{content}</div> : content}
        {marked ? <Mark kind="end" index={from + index} /> : null}
      </PositionProvider>
    );
  });
}

/** Whether the block at the title's place carries the page's h1 itself. */
export const leadsPage = (blocks: readonly BlockData[], registry: BlockRegistry) => {
  const block = blocks[titleIndex(blocks, registry)];
  return Boolean(block && registry[block.type]?.leads);
};
