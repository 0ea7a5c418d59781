/**
 * What the checks read from a rendered page, found by a real HTML parser (htmlparser2, already
 * under sanitize-html) in one streaming pass: no DOM is built, and no regular expression guesses
 * at markup.
 */
import { Parser } from 'htmlparser2';

export interface Heading {
  level: number;
  text: string;
  /** Inside <main>, not in the site's header or footer. */
  inMain: boolean;
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

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function readPage(html: string): PageFacts {
  const facts: PageFacts = { title: '', description: '', headings: [], links: [], ids: new Set(), classes: new Set(), mainText: '' };
  /** Text being gathered for open elements that want it: the title, a heading, a link, <main>. */
  const open: { name: string; text: string; done: (text: string) => void }[] = [];
  let main = '';
  let inMain = 0;
  const gap = () => {
    for (const o of open) if (o.name !== 'title') o.text += ' ';
    if (inMain) main += ' ';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // Every tag separates words, so "<li>one</li><li>two</li>" reads "one two".
        gap();
        if (attributes.id !== undefined) facts.ids.add(attributes.id);
        for (const c of (attributes.class ?? '').split(/\s+/)) if (c) facts.classes.add(c);
        if (name === 'meta' && attributes.name === 'description') facts.description = attributes.content ?? '';
        if (name === 'main') inMain++;
        if (name === 'title') open.push({ name, text: '', done: (text) => (facts.title = text) });
        const level = /^h([1-6])$/.exec(name)?.[1];
        if (level) {
          const inside = inMain > 0;
          open.push({ name, text: '', done: (text) => facts.headings.push({ level: Number(level), text: collapse(text), inMain: inside }) });
        }
        if (name === 'a' && attributes.href !== undefined) {
          const href = attributes.href;
          open.push({ name, text: '', done: (text) => facts.links.push({ href, text: collapse(text) }) });
        }
      },
      ontext(text) {
        for (const o of open) o.text += text;
        if (inMain) main += text;
      },
      onclosetag(name) {
        gap();
        if (name === 'main') inMain--;
        const index = open.findLastIndex((o) => o.name === name);
        const [closed] = index >= 0 ? open.splice(index, 1) : [];
        closed?.done(closed.text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  facts.mainText = collapse(main);
  return facts;
}
