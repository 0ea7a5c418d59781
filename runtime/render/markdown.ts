import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './escape.ts';
import { meaningKeepingTypography } from './markdown-dashes.ts';

/**
 * Markdown from YAML becomes HTML twice guarded: markdown-it with raw HTML turned off, then
 * sanitize-html with a short allow-list, so no author text can inject script or styles.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true }).use(meaningKeepingTypography);

const ALLOWED = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'h2',
    'h3',
    'h4',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    's',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['scope'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
};

/** The page's own title is its only h1: a "#" heading in body text becomes an h2. */
function demoteHeadings(html: string): string {
  return html.replace(/<(\/?)h1>/g, '<$1h2>');
}

/** The text of a fragment of sanitised HTML. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] as string)
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A table is as wide as its columns need, which on a phone is often wider than the screen: each
 * one scrolls sideways inside a box of its own, so the page itself never does. The box can be
 * reached with the keyboard (to scroll it with the arrow keys) and is named after the heading
 * above the table, or else its column headings.
 */
function scrollableTables(html: string): string {
  let heading = '';
  return html.replace(/<(h[2-4])>([\s\S]*?)<\/\1>|<table>([\s\S]*?)<\/table>/g, (whole, _h: string, headingHtml?: string, table?: string) => {
    if (headingHtml !== undefined) {
      heading = textOf(headingHtml);
      return whole;
    }
    const columns = [...(table ?? '').matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1] as string)).filter(Boolean);
    const name = heading || (columns.length ? `Table: ${columns.join(', ')}` : 'Table');
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(name.length > 100 ? `${name.slice(0, 99)}…` : name)}">${whole}</div>`;
  });
}

const cache = new Map<string, string>();

export function renderMarkdown(source: string, rewriteLink: (href: string) => string = (h) => h): string {
  const key = source;
  let html = cache.get(key);
  if (html === undefined) {
    html = scrollableTables(sanitizeHtml(demoteHeadings(md.render(source)), ALLOWED));
    if (cache.size > 5000) cache.clear();
    cache.set(key, html);
  }
  return html.replace(/href="(\/[^"]*)"/g, (_m, href: string) => `href="${rewriteLink(href)}"`);
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** Plain text of Markdown, for meta descriptions, JSON-LD and reading time: not HTML, so escaped again wherever it goes. */
export function markdownText(source: string): string {
  const text = sanitizeHtml(md.render(source), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] as string)
    .replace(/\s+/g, ' ')
    .trim();
}
