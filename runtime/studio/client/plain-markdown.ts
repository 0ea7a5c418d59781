/**
 * The schema library's help texts as plain, safe HTML. The library would render them with
 * markdown-it and shiki, which colour code through inline style attributes and compile grammars
 * with WebAssembly — neither allowed by the studio's Content Security Policy. The build puts this
 * module in its place: text is escaped, `code` stays code, and blank lines make paragraphs.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** Same signature as the library's own renderer. */
export function renderMarkdown(markdown: string, inlineOnly = true): string {
  const text = String(markdown ?? '');
  if (inlineOnly) return inline(text);
  return text
    .split(/\n\s*\n/)
    .filter((part) => part.trim())
    .map((part) => `<p>${inline(part.trim())}</p>`)
    .join('');
}
