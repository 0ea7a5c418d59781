/** Every block in the document, wherever block lists appear (pages, nested pages, the 404 page, blocks inside blocks). */
export function* blocksIn(value: unknown, path: (string | number)[] = []): Generator<{ block: Record<string, unknown>; path: (string | number)[] }> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (path[path.length - 1] === 'blocks' && child && typeof child === 'object' && typeof (child as { type?: unknown }).type === 'string') {
        yield { block: child as Record<string, unknown>, path: [...path, i] };
      }
      yield* blocksIn(child, [...path, i]);
    }
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) yield* blocksIn(child, [...path, key]);
  }
}
