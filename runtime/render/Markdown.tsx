import { renderMarkdown } from './markdown.ts';
import { useHref, useRender } from './context.tsx';
import { fillTemplate } from './items.ts';

/**
 * On a page made per item, "{name}" or "{title}" in text written for the page is that item's
 * field, so a thank-you page can name the artist it thanks. Unknown placeholders stay as written.
 */
export function useItemText(): (text: string) => string {
  const { target } = useRender();
  const item = target.item;
  if (!item && !target.group) return (text) => text;
  const values = { ...item?.data, slug: item?.slug, group: target.group?.label };
  return (text) => fillTemplate(text, values);
}

/**
 * Markdown has no table without a header row, so authors write "| | |" for one; a header row of
 * empty cells is dropped rather than announced as column headers with no name.
 */
const withoutEmptyHeaders = (html: string) => html.replace(/<thead>\s*<tr>(?:\s*<th>\s*<\/th>)+\s*<\/tr>\s*<\/thead>\s*/g, '');

/** Author Markdown, sanitised; links inside the site get the site's prefix. */
export function Markdown({ source, className = 'prose' }: { source: string; className?: string }) {
  const href = useHref();
  const fill = useItemText();
  return <div className={className} dangerouslySetInnerHTML={{ __html: withoutEmptyHeaders(renderMarkdown(fill(source), href)) }} />;
}
