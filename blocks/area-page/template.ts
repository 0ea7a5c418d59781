/** The area page's text templates: {city}, {region}, {population}, {name} and {services}, filled per area. */
import { didYouMean } from '../../runtime/config/suggest.ts';
import type { BlockIssue } from '../contract.ts';

export const PLACEHOLDERS = ['city', 'region', 'population', 'name', 'services'];

export type AreaValues = Record<string, string | undefined>;

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>|~#]/g, '\\$&');

/** Fills a line of plain text, such as a heading. */
export const fillLine = (text: string, values: AreaValues) => text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);

/**
 * Fills a Markdown template. A paragraph that names a value the area does not have (often
 * {population}) is left out, so every area reads as complete sentences.
 */
export function fillMarkdown(template: string, values: AreaValues): string {
  return template
    .split(/\n[ \t]*\n/)
    .filter((paragraph) => [...paragraph.matchAll(PLACEHOLDER)].every((m) => values[m[1] as string] !== undefined))
    .map((paragraph) => paragraph.replace(PLACEHOLDER, (_whole, key: string) => escapeMarkdown(values[key] as string)))
    .join('\n\n');
}

/** Unknown placeholders in the given props, pointed at inside single-line values. */
export function placeholderIssues(props: Record<string, unknown>, keys: string[]): BlockIssue[] {
  const issues: BlockIssue[] = [];
  for (const key of keys) {
    const text = props[key];
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(PLACEHOLDER)) {
      const name = m[1] as string;
      if (PLACEHOLDERS.includes(name)) continue;
      const at = text.includes('\n') ? {} : { offset: m.index, span: m[0].length };
      issues.push({
        path: [key],
        code: 'SW_UNKNOWN_PLACEHOLDER',
        detail: `"{${name}}" is not something an area page can fill in.`,
        fix: `use one of: ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.${didYouMean(name, PLACEHOLDERS)}`,
        ...at,
      });
    }
  }
  return issues;
}
