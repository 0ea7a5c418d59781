import { renderMarkdown } from './markdown.ts';
import { useHref } from './context.tsx';

/** Author Markdown, sanitised; links inside the site get the site's prefix. */
export function Markdown({ source, className = 'prose' }: { source: string; className?: string }) {
  const href = useHref();
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderMarkdown(source, href) }} />;
}
