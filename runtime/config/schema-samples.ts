/** Values to suggest for a missing key, as YAML text: from the schema's examples, choices or shape, or from what is around the key. */
import { SCHEMA_VERSION } from '../../schema/site.ts';
import { pathTitle } from './describe.ts';
import { yamlValue } from './suggest.ts';
import type { Schema } from './keyword-error.ts';

/** The whole of a top-level part, to paste in when it is missing. */
export const TOP_LEVEL_SNIPPETS: Record<string, string> = {
  schemaVersion: `      schemaVersion: ${SCHEMA_VERSION}`,
  theme: '      theme:\n        colors:\n          primary: "#0b5f73"',
  navigation: '      navigation:\n        - label: Home\n          href: /',
  pages: '      pages:\n        - path: /\n          title: Home\n          blocks:\n            - type: hero\n              heading: Welcome',
  site: '      site:\n        name: Your business name\n        kind: dentist\n        description: One or two sentences about you.',
};

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A key and its value as lines to add: "name: value", or "name:" with the value's lines below it. */
export const keyLine = (name: string, sample: string) => (sample.startsWith('\n') ? `${name}:${sample.replace(/\n/g, '\n  ')}` : `${name}: ${sample}`);

export const dedent = (snippet: string) => {
  const indent = /^ */.exec(snippet)?.[0].length ?? 0;
  return snippet
    .split('\n')
    .map((l) => l.slice(indent))
    .join('\n');
};

export function addKey(missing: string, about: string | undefined, sample: string | undefined): string {
  const what = about ? ` — ${lowerFirst(about)}` : '';
  if (sample === undefined) return `add "${missing}:"${what || '.'}`;
  const stop = what.endsWith('.') ? '' : '.';
  if (sample.startsWith('\n')) return `add "${missing}:"${what}${stop} For example:\n${keyLine(missing, sample).replace(/^/gm, '      ')}`;
  return `add "${missing}:"${what}${stop} For example: ${missing}: ${sample}`;
}

/** A value for a key, as YAML text, from its schema's examples, choices or shape; a group or list starts with a line break. */
export function sampleYaml(schema: Schema | undefined, depth = 0): string | undefined {
  if (!schema || depth > 3) return undefined;
  const s = schema as Schema & { enum?: unknown[]; const?: unknown; default?: unknown; type?: string; required?: string[]; items?: Schema; minItems?: number };
  const example = s.examples?.[0] ?? s.const ?? s.enum?.[0] ?? s.default;
  if (example !== undefined && (typeof example !== 'object' || example === null)) return yamlValue(example);
  if (Array.isArray(example) || (example && typeof example === 'object')) return `\n${toYamlLines(example)}`;
  if (s.type === 'boolean') return 'false';
  if (s.type === 'object' && s.properties) {
    const lines: string[] = [];
    for (const name of s.required ?? []) {
      const value = sampleYaml(s.properties[name], depth + 1);
      if (value === undefined) return undefined;
      lines.push(keyLine(name, value));
    }
    return lines.length ? `\n${lines.join('\n')}` : undefined;
  }
  if (s.type === 'array' && s.items) {
    const item = sampleYaml(s.items, depth + 1);
    if (item === undefined) return undefined;
    const one = item.startsWith('\n') ? `- ${item.slice(1).replace(/\n/g, '\n  ')}` : `- ${item}`;
    return `\n${Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => one).join('\n')}`;
  }
  return undefined;
}

/** Plain data as block YAML lines, without a leading line break. */
function toYamlLines(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        const inner = item !== null && typeof item === 'object' ? toYamlLines(item) : yamlValue(item);
        return `- ${inner.replace(/\n/g, '\n  ')}`;
      })
      .join('\n');
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => (v !== null && typeof v === 'object' ? `${k}:\n${toYamlLines(v).replace(/^/gm, '  ')}` : `${k}: ${yamlValue(v)}`))
    .join('\n');
}

/** A value for a key the schema has no example of, made from what is around it: a page's title from its path, a description from the name. */
export function sampleFor(root: unknown, at: (string | number)[], key: string): string | undefined {
  let here: unknown = root;
  for (const seg of at) here = here && typeof here === 'object' ? (here as Record<string | number, unknown>)[seg] : undefined;
  const around = (here && typeof here === 'object' ? here : {}) as Record<string, unknown>;
  if (key === 'title' && typeof around.path === 'string') return yamlValue(pathTitle(around.path));
  if (key === 'description' && typeof around.name === 'string') {
    const more = typeof around.tagline === 'string' ? around.tagline : undefined;
    return yamlValue(`${around.name}${more ? `: ${more}` : ''}.`);
  }
  return undefined;
}
