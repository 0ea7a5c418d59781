/**
 * Where something is in a site file, said the way its author thinks of it: "the hero block on
 * the page "/services"", not "pages[1].blocks[0]".
 */
type Path = readonly (string | number)[];

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
export const ordinal = (n: number) => ORDINALS[n] ?? `${n}th`;

const get = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, seg) => (node && typeof node === 'object' ? (node as Record<string | number, unknown>)[seg] : undefined), root);

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The nearest thing an author would name that contains the path, with how many segments it covers. */
function container(root: unknown, path: Path): { words: string; depth: number } | undefined {
  for (let depth = path.length; depth > 0; depth--) {
    const head = path.slice(0, depth);
    const last = head[depth - 1];
    const parentKey = head[depth - 2];
    const node = get(root, head) as Record<string, unknown> | undefined;
    if (typeof last === 'number' && parentKey === 'blocks') {
      const type = text(node?.type) ?? 'unnamed';
      const siblings = (get(root, head.slice(0, -1)) as { type?: unknown }[] | undefined) ?? [];
      const same = siblings.filter((b) => b?.type === type).length;
      const nth = siblings.slice(0, last + 1).filter((b) => b?.type === type).length;
      const self = `the ${same > 1 ? `${ordinal(nth)} ` : ''}${type} block`;
      if (depth === 3 && head[0] === 'footer') return { words: `${self} in the footer`, depth };
      const outer = container(root, head.slice(0, -2));
      return { words: outer ? `${self} on ${outer.words}` : self, depth };
    }
    if (typeof last === 'number' && head[0] === 'pages' && depth === 2) {
      return { words: text(node?.path) ? `the page "${text(node?.path)}"` : `the ${ordinal(last + 1)} page`, depth };
    }
    if (typeof last === 'number' && parentKey === 'items' && head[0] === 'collections') {
      const name = text(node?.title) ?? text(node?.name) ?? text(node?.slug) ?? text(node?.city);
      return { words: `${name ? `the item "${name}"` : `item ${last + 1}`} of "${String(head[1])}"`, depth };
    }
    if (head[0] === 'collections' && depth === 2) return { words: `the collection "${String(last)}"`, depth };
    if (typeof last === 'number' && head.length === 2 && head[0] === 'navigation') {
      return { words: text(node?.label) ? `the menu link "${text(node?.label)}"` : `menu link ${last + 1}`, depth };
    }
    if (typeof last === 'number' && parentKey === 'links' && head[0] === 'footer') {
      return { words: text(node?.label) ? `the footer link "${text(node?.label)}"` : `footer link ${last + 1}`, depth };
    }
    if (depth === 1 && typeof last === 'string') return { words: `the "${last}" section`, depth };
  }
  return undefined;
}

/** The object at a path: "the hero block on the page "/"", "the "site" section", "the top of the file". */
export function describeObject(root: unknown, path: Path): string {
  if (path.length === 0) return 'the top of the file';
  const found = container(root, path);
  if (!found) return `"${String(path[path.length - 1])}"`;
  const rest = path.slice(found.depth).filter((s) => typeof s === 'string');
  return rest.length ? `"${rest.join('.')}" in ${found.words}` : found.words;
}

/** A field by its key and where it is: ""kind" in the "site" section". */
export function describeField(root: unknown, path: Path): string {
  const key = [...path].reverse().find((s) => typeof s === 'string');
  const at = path.lastIndexOf(key as string);
  const parent = path.slice(0, at);
  const index = path.slice(at + 1).find((s) => typeof s === 'number');
  const keyWords = index === undefined ? `"${String(key)}"` : `entry ${index + 1} of "${String(key)}"`;
  return parent.length ? `${keyWords} in ${describeObject(root, parent)}` : keyWords;
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "/contact-us" → "Contact us": a title to start from. */
export function pathTitle(path: string): string {
  const last =
    path
      .split('/')
      .filter((p) => p && !p.startsWith('{'))
      .at(-1) ?? 'home';
  const words = last.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
