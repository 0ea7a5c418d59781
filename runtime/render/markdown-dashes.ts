import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/**
 * markdown-it's typographer "replacements" also turn (c), (r), (tm) and +- into ©, ®, ™ and ±,
 * which changes what an author meant: "501(c)(3)" became "501©(3)". This keeps only the
 * replacements that never change meaning — dashes and the ellipsis — and the smart quotes,
 * which are a rule of their own.
 */
function tidy(text: string): string {
  return text
    .replace(/(^|[^.])\.\.\.(?=[^.]|$)/gm, '$1…')
    .replace(/(^|[^-])---(?=[^-]|$)/gm, '$1—')
    .replace(/(^|\s)--(?=\s|$)/gm, '$1–')
    .replace(/(^|[^-\s])--(?=[^-\s]|$)/gm, '$1–');
}

function tidyInline(children: Token[]): void {
  // A link's own text (an autolink's address) is left as written, as markdown-it does.
  let insideAutolink = 0;
  for (let i = children.length - 1; i >= 0; i--) {
    const token = children[i] as Token;
    if (token.type === 'text' && !insideAutolink) token.content = tidy(token.content);
    if (token.type === 'link_open' && token.info === 'auto') insideAutolink--;
    if (token.type === 'link_close' && token.info === 'auto') insideAutolink++;
  }
}

export function meaningKeepingTypography(md: MarkdownIt): void {
  md.core.ruler.disable('replacements');
  md.core.ruler.after('replacements', 'dashes', (state: StateCore) => {
    for (const token of state.tokens) if (token.type === 'inline' && token.children && /\.\.\.|--/.test(token.content)) tidyInline(token.children);
  });
}
