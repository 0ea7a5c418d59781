/**
 * The references of a site document: every string the schema marks with `x-check` (a link, a
 * collection name, a media file, Markdown with links), found by walking the data beside its
 * schema. A pure function of the two; the checks that follow validation read its result.
 */
import type { RefKind } from '../../schema/common.ts';

export interface Ref {
  kind: RefKind;
  /** For a collection: the kind of items it must hold. */
  itemKind?: string;
  value: string;
  path: (string | number)[];
}

type Schema = {
  $ref?: string;
  'x-check'?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
  discriminator?: { propertyName: string };
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
};

export function refsIn(root: Record<string, unknown>, data: unknown): Ref[] {
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const refs: Ref[] = [];
  const resolve = (schema: Schema): Schema => (schema.$ref?.startsWith('#/$defs/') ? resolve(defs[schema.$ref.slice('#/$defs/'.length)] ?? {}) : schema);

  const walk = (given: Schema, value: unknown, path: (string | number)[]) => {
    const schema = resolve(given);
    const check = schema['x-check'];
    if (check && typeof value === 'string') {
      const [kind, itemKind] = check.split(':') as [RefKind, string | undefined];
      refs.push({ kind, itemKind, value, path });
    }
    const tag = schema.discriminator?.propertyName;
    if (tag && schema.oneOf && value && typeof value === 'object') {
      const branch = schema.oneOf.find(
        (b) => resolve(b).properties?.[tag] && (resolve(b).properties?.[tag] as { const?: unknown }).const === (value as Record<string, unknown>)[tag],
      );
      if (branch) walk(branch, value, path);
      return;
    }
    for (const branch of schema.anyOf ?? schema.oneOf ?? []) walk(branch, value, path);
    if (Array.isArray(value)) {
      if (schema.items) value.forEach((child, i) => walk(schema.items as Schema, child, [...path, i]));
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const pattern = Object.entries(schema.patternProperties ?? {}).find(([source]) => new RegExp(source, 'u').test(key))?.[1];
      const sub = schema.properties?.[key] ?? pattern ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (sub) walk(sub, child, [...path, key]);
    }
  };
  walk(root, data, []);
  return refs;
}
