/**
 * The contract of a collection kind: one module per kind (schema/items/<kind>.ts) carries all
 * that is known about its items, and schema/items/index.ts lists them. Nothing here imports the
 * runtime: what a kind's JSON-LD needs from it comes in through a JsonLdContext.
 */
import type { Static, TObject } from '@sinclair/typebox';
import type { IdReference, OrganizationLeaf, Place, PostalAddress, Thing } from 'schema-dts';
import type { BlockData, Image } from '../common.ts';

/** What a kind's JSON-LD builder is given about the page of one item and the site it is on. */
export interface JsonLdContext {
  /** The absolute address of the item's own page. */
  url: string;
  /** The item's title and summary, as its page shows them. */
  title: string;
  summary: string | undefined;
  /** The page's own title (the heading of a service-area page names its service). */
  pageTitle: string;
  /** The site's organisation, to point at. */
  org: IdReference;
  language: string;
  /** What the site's organisation does, in words ("Pest control"). */
  serviceType: string;
  /** The site's postal address, and the country whose money its prices are in. */
  address: PostalAddress | undefined;
  country: string;
  media: (image: Image | undefined) => string | undefined;
  /** Markdown as HTML, its links made absolute. */
  html: (markdown: string) => string;
  /** The organisation an item names by slug, or the site's own. */
  host: (slug: string | undefined) => OrganizationLeaf | IdReference;
  /** A place known only by name, in the site's town. */
  place: (name: string | undefined) => Place | undefined;
}

export interface ItemKindDefinition<D> {
  /** The `kind:` an author writes under a collection. */
  name: string;
  description: string;
  /** The schema of one item. */
  item: TObject;
  /** The fields an item's slug is made from when it has none: the first one written. */
  slugFrom: readonly string[];
  /** The fields worth grouping pages by: short values items share, offered when a `groupBy` names no field of the kind. */
  groupable: readonly string[];
  /** The fields "{field}" can fill in the title and description of a page made per item ("{slug}" always can). */
  placeholders: readonly string[];
  /** The item's name, as headings, lists and links show it; `services` names what the site does. */
  title: (data: D, services: string) => string;
  /** The sentence the author wrote to sum the item up. */
  summary: (data: D) => string | undefined;
  /** The item's main text, in Markdown. */
  text: (data: D) => string | undefined;
  /** The date the item is sorted and shown by. */
  date: (data: D) => string | undefined;
  /** The schema.org node of the item's own page; a kind without one adds none. */
  jsonLd?: (data: D, ctx: JsonLdContext) => Thing;
  /** What a page made from items of this kind shows when its YAML lists no blocks: per item, and per group or page number. */
  blocks: { detail: BlockData; group: BlockData };
}

type Field<S extends TObject> = Extract<keyof Static<S>, string>;

/** A kind's definition from the schema of its items, its field lists checked against that schema. */
export const defineKind = <S extends TObject>(
  item: S,
  definition: Omit<ItemKindDefinition<Static<S>>, 'item' | 'slugFrom' | 'groupable' | 'placeholders'> & {
    slugFrom: readonly Field<S>[];
    groupable: readonly Field<S>[];
    placeholders: readonly Field<S>[];
  },
): Omit<ItemKindDefinition<Static<S>>, 'item'> & { item: S } => ({ ...definition, item });
