/** A site after it has loaded: validated, compiled and frozen. Serving trusts it. */
import type { ValidateFunction } from 'ajv';
import type { ImageFacts } from './images/facts.ts';
import type { Router } from './routing/router.ts';
import type { ItemKind, ItemOf } from '../schema/items.ts';
import type { PageData, SiteData } from '../schema/site.ts';

/**
 * An item of a collection. Narrow on `kind` to read its fields: `item.kind === 'event'` makes
 * `item.data.date` a string. The data is the item as written, checked against its kind's schema.
 */
export type Item<K extends ItemKind = ItemKind> = {
  [P in K]: {
    collection: string;
    kind: P;
    index: number;
    /** The item's own slug: written, or made from its title or name. */
    slug: string;
    data: ItemOf<P>;
    /** The address of the item's own page, when a page shows it. */
    path?: string;
  };
}[K];

export interface Group {
  field: string;
  /** The value as the author wrote it ("Accessibility law"). */
  label: string;
  slug: string;
  items: Item[];
}

/** A step of a page's trail from the home page; a step without a path has no page of its own. */
export interface Crumb {
  label: string;
  path?: string;
}

/** What one concrete address of a site shows. */
export interface Target {
  page: PageData;
  pageIndex: number;
  path: string;
  item?: Item;
  group?: Group;
  /** The steps from the home page down to this page (not including it), worked out when the site compiles. */
  trail?: readonly Crumb[];
}

export type Collection<K extends ItemKind = ItemKind> = {
  [P in K]: {
    name: string;
    kind: P;
    items: Item<P>[];
  };
}[K];

/**
 * A site as it serves. It also holds `blocks`, the registry it was read with (handed in by the entry
 * point): that member is declared beside the block contract, in blocks/contract.ts.
 */
export interface Site {
  prefix: string;
  /** The file it was loaded from, as shown in messages (sites/<prefix>/site.yaml). */
  file: string;
  data: SiteData;
  /** A hash of the source: cached pages belong to one version. */
  version: string;
  router: Router<Target>;
  /** Every concrete address the site serves, in page order. */
  targets: Target[];
  collections: Map<string, Collection>;
  /** The page that lists each collection as a whole, by collection name. */
  listings: ReadonlyMap<string, string>;
  /** Media files in sites/<prefix>/media, as relative paths. */
  media: Set<string>;
  /** What each picture the site shows is (real size, format, hash), by its file name; empty when the files were not read. */
  images: ReadonlyMap<string, ImageFacts>;
  /** The compiled body schema of each block with a server half, by its block object. */
  actions: ReadonlyMap<object, ValidateFunction>;
}
