/**
 * What the checks read from a rendered page. The HTML comes from our own renderer, so a few
 * regular expressions over it are exact enough, and much faster than a DOM.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of some markup: tags become spaces, entities are decoded, white space is collapsed. */
export const plainText = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();

export interface Heading {
  level: number;
  text: string;
}

export interface Anchor {
  href: string;
  text: string;
}

export interface PageFacts {
  /** The full <title>, as a browser tab shows it. */
  title: string;
  description: string;
  /** Every h1-h6 of the document, in order. */
  headings: Heading[];
  /** Every link, its href decoded from the HTML. */
  links: Anchor[];
  ids: Set<string>;
  /** Every class name used on the page: what parts of the theme it shows. */
  classes: Set<string>;
  /** The text inside <main>, for comparing pages. */
  mainText: string;
}

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeEntities(m[1] as string) : undefined;
};

export function readPage(html: string): PageFacts {
  const title = decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
  const description = attr(/<meta name="description"[^>]*>/.exec(html)?.[0] ?? '', 'content') ?? '';
  const headings: Heading[] = [];
  for (const m of html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)) headings.push({ level: Number(m[1]), text: plainText(m[2] as string) });
  const links: Anchor[] = [];
  for (const m of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    const href = attr(m[1] as string, 'href');
    if (href !== undefined) links.push({ href, text: plainText(m[2] as string) });
  }
  const ids = new Set<string>();
  for (const m of html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)) ids.add(decodeEntities(m[1] as string));
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of (m[1] as string).split(/\s+/)) if (name) classes.add(name);
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return { title, description, headings, links, ids, classes, mainText: plainText(main) };
}
