/** Problems with the keys of a group, from ajv's required, additionalProperties and discriminator errors. */
import type { PendingProblem } from './problem.ts';
import { capitalise, describeObject, ordinal } from './describe.ts';
import { choices, nearest } from './suggest.ts';
import { curlyNote, replaceWith, type KeywordError } from './keyword-error.ts';
import { addKey, dedent, keyLine, sampleFor, sampleYaml, TOP_LEVEL_SNIPPETS } from './schema-samples.ts';

/** required: a key the group must have is not there. */
export function missingKey({ p, schema, root, path, object }: KeywordError): PendingProblem[] {
  const missing = p.missingProperty as string;
  const about = schema?.properties?.[missing]?.description;
  const snippet = TOP_LEVEL_SNIPPETS[missing];
  const sample = sampleYaml(schema?.properties?.[missing]) ?? sampleFor(root, path, missing);
  const insert = path.length === 0 && snippet ? dedent(snippet) : sample !== undefined ? keyLine(missing, sample) : undefined;
  return [
    {
      code: 'SW_MISSING_KEY',
      path,
      target: 'key',
      missing,
      detail: `${capitalise(object)} has no "${missing}".`,
      fix: path.length === 0 && snippet ? `add at the top level:\n${snippet}` : addKey(missing, about, sample),
      ...(insert && { edit: { insert } }),
    },
  ];
}

/** additionalProperties: a key the group does not take. */
export function unknownKey({ p, schema, path, object }: KeywordError): PendingProblem[] {
  const extra = p.additionalProperty as string;
  const known = Object.keys(schema?.properties ?? {}).filter((k) => k !== 'type' && k !== 'id');
  const near = nearest(extra, known);
  return [
    {
      code: 'SW_UNKNOWN_KEY',
      path: [...path, extra],
      target: 'key',
      detail: `${capitalise(object)} has no key called "${extra}".`,
      fix: known.length
        ? near
          ? `did you mean "${near}"? The keys here are: ${known.join(', ')}.`
          : `remove it, or use one of: ${known.join(', ')}.`
        : 'remove it: nothing here takes other keys.',
      edit: near ? { replace: near } : { remove: true },
    },
  ];
}

/** discriminator: a block or collection that does not say what it is, or names a kind there is not. */
export function unknownKind({ error, p, schema, root, path, object }: KeywordError): PendingProblem[] {
  const branches = (schema?.oneOf ?? []).map((b) => b.properties[p.tag as string]?.const as string).sort();
  const isBlock = p.tag === 'type';
  if (p.error === 'tag') {
    const guess = fittingBranch(schema?.oneOf ?? [], p.tag as string, error.data);
    return [
      {
        code: 'SW_MISSING_KEY',
        path,
        target: 'key',
        detail: `${capitalise(object)} does not say which ${isBlock ? 'block it is' : 'kind of items it holds'}: it has no "${p.tag}".`,
        fix: guess
          ? `add "${p.tag}: ${guess}" (its keys fit a ${guess}), or another of: ${branches.join(', ')}.`
          : `add "${p.tag}:" with one of: ${branches.join(', ')}.`,
        ...(guess && { edit: { insert: `${p.tag as string}: ${guess}` } }),
      },
    ];
  }
  return [
    {
      code: isBlock ? 'SW_UNKNOWN_BLOCK' : 'SW_UNKNOWN_KIND',
      path: [...path, p.tag as string],
      target: 'value',
      detail: `There is no ${isBlock ? 'block' : 'collection kind'} called "${String(p.tagValue)}" (${isBlock ? blockPlace(root, path) : object}).${curlyNote(p.tagValue)}`,
      fix: choices(String(p.tagValue), branches),
      ...replaceWith(nearest(String(p.tagValue), branches)),
    },
  ];
}

/** "the second block on the page "/"": a block whose type is unknown cannot be named by its type. */
function blockPlace(root: unknown, path: (string | number)[]): string {
  const index = path[path.length - 1];
  const outer = describeObject(root, path.slice(0, -2));
  return typeof index === 'number' ? `the ${ordinal(index + 1)} block on ${outer}` : outer;
}

/** The kind of block (or item) whose keys are all there and all known, when a "type:" is missing. */
function fittingBranch(branches: readonly { properties: Record<string, unknown>; required?: string[] }[], tag: string, data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const keys = Object.keys(data).filter((k) => k !== tag);
  if (!keys.length) return undefined;
  const fits = branches.filter((b) => keys.every((k) => k in b.properties) && (b.required ?? []).every((r) => r === tag || keys.includes(r)));
  const best = fits.sort((a, b) => Object.keys(a.properties).length - Object.keys(b.properties).length)[0];
  return (best?.properties[tag] as { const?: string } | undefined)?.const;
}
