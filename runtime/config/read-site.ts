/** The first steps of loading: the folder's name, then the file read as YAML within its budget and turned into plain data; a problem here stops the load. */
import type { SchemaKeys } from './schema-keys.ts';
import { Document, LineCounter, parseDocument } from 'yaml';
import { isReservedPrefix, PREFIX_PATTERN, RESERVED_PREFIXES } from '../routing/reserved.ts';
import type { Problem } from './problem.ts';
import { yamlProblems } from './yaml-problems.ts';
import { aliasProblems } from './aliases.ts';
import { separatorsProblem, shapeProblems, sizeProblem } from './budget.ts';

/** The document with its line positions. */
export interface Parsed {
  doc: Document;
  counter: LineCounter;
}

/** What reading found: the problems that stopped it (and the document, once parsed), or the data to check. */
export type Read = { problems: Problem[]; parsed?: Parsed } | { parsed: Parsed; data: unknown };

/** A folder name no site can have: a reserved one, or one not a lowercase word. */
export function prefixProblems(prefix: string, file: string): Problem[] {
  const at = { file, line: 1, col: 1, length: 1, severity: 'error' as const };
  if (isReservedPrefix(prefix)) {
    return [
      {
        ...at,
        code: 'SW_PREFIX_RESERVED',
        detail: `The platform answers /${prefix} itself, so no site can live there.`,
        fix: `rename the folder, such as to sites/${prefix}site; reserved: ${RESERVED_PREFIXES.join(', ')}.`,
        rename: `${prefix}site`,
      },
    ];
  }
  if (!PREFIX_PATTERN.test(prefix)) {
    const suggestion = prefix.toLowerCase().replace(/[^a-z0-9]/g, '');
    return [
      {
        ...at,
        code: 'SW_PREFIX_INVALID',
        detail: `"${prefix}" is not one lowercase word of 2 to 40 letters and digits.`,
        fix: `rename the folder${PREFIX_PATTERN.test(suggestion) && !isReservedPrefix(suggestion) ? ` to sites/${suggestion}` : ' to one lowercase word'}.`,
        ...(PREFIX_PATTERN.test(suggestion) && !isReservedPrefix(suggestion) && { rename: suggestion }),
      },
    ];
  }
  return [];
}

/** Reads the text of a site.yaml: empty, too large, YAML mistakes, a shape or aliases beyond bounds, only comments. */
export function readSite(prefix: string, file: string, source: string, maxBytes: number | undefined, keys: SchemaKeys): Read {
  if (!source.trim()) {
    return {
      problems: [
        {
          code: 'SW_EMPTY_FILE',
          severity: 'error',
          file,
          line: 1,
          col: 1,
          length: 1,
          detail: 'site.yaml has nothing in it.',
          ...starter(prefix, source),
        },
      ],
    };
  }
  const tooLarge = sizeProblem(source, file, maxBytes) ?? separatorsProblem(source, file);
  if (tooLarge) return { problems: [tooLarge] };
  const counter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter: counter, prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const parsed = { doc, counter };
  if (doc.errors.length) return { problems: yamlProblems(doc.errors, counter, file, source, keys.names), parsed };
  // Tags, nesting and overlong names first: the later steps may then trust the document's shape.
  const shape = shapeProblems(doc, counter, file, source, keys.fixed);
  if (shape.length) return { problems: shape, parsed };
  const aliases = aliasProblems(doc, counter, file, source);
  if (aliases.length) return { problems: aliases, parsed };
  // aliasProblems has bounded what aliases expand to, so yaml's own count (which refuses some sound files) is not needed.
  const data = doc.toJS({ maxAliasCount: -1 }) as unknown;
  if (data === null || data === undefined) {
    return {
      problems: [
        {
          code: 'SW_EMPTY_FILE',
          severity: 'error',
          file,
          line: 1,
          col: 1,
          length: 1,
          detail: 'site.yaml has only comments, no settings.',
          ...starter(prefix, source),
        },
      ],
      parsed,
    };
  }
  return { parsed, data };
}

/** The smallest site that serves, to write into an empty file: the fix for SW_EMPTY_FILE. */
function starter(prefix: string, source: string): Pick<Problem, 'fix' | 'edits'> {
  const name = prefix.charAt(0).toUpperCase() + prefix.slice(1);
  const lines = [
    'schemaVersion: 1',
    'site:',
    `  name: ${name}`,
    '  kind: personal',
    `  description: The website of ${name}.`,
    'theme:',
    '  colors:',
    '    primary: "#0b5f73"',
    'navigation:',
    '  - label: Home',
    '    href: /',
    'pages:',
    '  - path: /',
    '    title: Home',
    '    blocks:',
    '      - type: hero',
    `        heading: Welcome to ${name}`,
  ];
  const all = source.split(/\r?\n/);
  const end = { line: all.length, col: (all[all.length - 1] ?? '').length + 1 };
  const before = source.trim() && !source.endsWith('\n') ? '\n' : '';
  return {
    fix: `write the smallest site there is and build on it (or start from a complete site of your kind with: npx sitewright new ${prefix}):\n${lines.map((l) => `      ${l}`).join('\n')}`,
    edits: [{ line: end.line, col: end.col, endLine: end.line, endCol: end.col, text: `${before}${lines.join('\n')}\n` }],
  };
}
