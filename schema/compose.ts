/**
 * The whole site schema: the document of schema/site.ts with every registered block and every
 * collection kind in its $defs.
 */
import type { AnyBlock, BlockDefinition } from '../blocks/contract.ts';
import { ITEM_KINDS } from './items.ts';
import { collectionBranch, SCHEMA_ID, SiteDocument } from './site.ts';

function blockBranch(def: BlockDefinition): object {
  const props = def.props;
  return {
    type: 'object',
    title: def.title,
    description: def.description,
    properties: {
      type: { const: def.type, description: `${def.title}: ${def.description}` },
      id: {
        type: 'string',
        pattern: '^[a-z][a-z0-9-]*$',
        description: 'An anchor name, so links can jump here with #name.',
      },
      ...props.properties,
    },
    required: ['type', ...(props.required ?? [])],
    additionalProperties: false,
  };
}

/** The whole schema, as plain JSON: what ajv compiles and what editors read. */
export function buildSiteSchema(blocks: Readonly<Record<string, AnyBlock>>): Record<string, unknown> {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_ID,
    title: 'Sitewright site',
    ...SiteDocument,
    $defs: {
      block: {
        type: 'object',
        description: 'A block: one part of a page. "type" says which.',
        discriminator: { propertyName: 'type' },
        oneOf: Object.values(blocks).map(blockBranch),
      },
      collection: {
        type: 'object',
        description: 'A collection: items of one kind.',
        discriminator: { propertyName: 'kind' },
        oneOf: (Object.keys(ITEM_KINDS) as (keyof typeof ITEM_KINDS)[]).map(collectionBranch),
      },
    },
  };
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}
