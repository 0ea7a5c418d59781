import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown from YAML becomes HTML twice guarded: markdown-it with raw HTML turned off, then
 * sanitize-html with a short allow-list, so no author text can inject script or styles.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

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

const cache = new Map<string, string>();

export function renderMarkdown(source: string, rewriteLink: (href: string) => string = (h) => h): string {
  const key = source;
  let html = cache.get(key);
  if (html === undefined) {
    html = sanitizeHtml(demoteHeadings(md.render(source)), ALLOWED);
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
