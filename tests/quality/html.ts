/**
 * A small reader for the HTML the server renders. React writes every attribute as name="value"
 * with the value escaped, and the Markdown sanitiser does the same, so start tags can be read
 * with a regular expression. Comments, scripts and styles are skipped first.
 */

export interface Tag {
  name: string;
  attrs: Map<string, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') return String.fromCodePoint(code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The HTML with comments and the insides of script, style and template elements removed. */
function visible(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '<$1>');
}

/** Every start tag, in document order. */
export function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of visible(html).matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs.set((a[1] as string).toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? ''));
    }
    tags.push({ name: (m[1] as string).toLowerCase(), attrs });
  }
  return tags;
}

/** The text inside the first element of that name (tags stripped, entities decoded). */
export function textOf(html: string, name: string): string | undefined {
  const m = new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}\\s*>`, 'i').exec(visible(html));
  return m
    ? decodeEntities((m[1] as string).replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
}

/** Every URL a tag points at: href, src, each candidate of srcset, and the Open Graph image. */
export function urlsOf(tag: Tag): string[] {
  const urls: string[] = [];
  for (const name of ['href', 'src']) {
    const value = tag.attrs.get(name);
    if (value !== undefined) urls.push(value.trim());
  }
  const srcset = tag.attrs.get('srcset');
  if (srcset)
    urls.push(
      ...srcset
        .split(',')
        .map((c) => c.trim().split(/\s+/)[0] as string)
        .filter(Boolean),
    );
  if (tag.name === 'meta' && tag.attrs.get('property') === 'og:image') urls.push((tag.attrs.get('content') ?? '').trim());
  return urls;
}

/** The ids (and names of a elements) a fragment can point at. */
export function anchorsOf(tags: Tag[]): Set<string> {
  const ids = new Set<string>();
  for (const tag of tags) {
    const id = tag.attrs.get('id');
    if (id) ids.add(id);
    if (tag.name === 'a' && tag.attrs.get('name')) ids.add(tag.attrs.get('name') as string);
  }
  return ids;
}
