/**
 * Collection kinds. A collection is a list of items of one kind; a page whose path has
 * parameters (`/blog/{slug}`) names a collection with `from:` and is rendered once per item.
 * Each kind is a module of its own; this is the one table of them.
 */
import type { Static } from '@sinclair/typebox';
import { area } from './area.ts';
import { event } from './event.ts';
import { job } from './job.ts';
import type { ItemKindDefinition } from './kind.ts';
import { news } from './news.ts';
import { organization } from './organization.ts';
import { page } from './page.ts';
import { person } from './person.ts';
import { post } from './post.ts';
import { product } from './product.ts';

export type { ItemKindDefinition, JsonLdContext } from './kind.ts';

export const ITEM_KINDS = { page, post, area, job, event, news, person, organization, product } as const;

export type ItemKind = keyof typeof ITEM_KINDS;
export const ITEM_KIND_NAMES = Object.keys(ITEM_KINDS) as ItemKind[];

export type ItemOf<K extends ItemKind> = Static<(typeof ITEM_KINDS)[K]['item']>;
export type AnyItem = { [K in ItemKind]: ItemOf<K> }[ItemKind];

const KINDS: { readonly [K in ItemKind]: ItemKindDefinition<ItemOf<K>> } = ITEM_KINDS;

/** The definition of a kind, typed for its items. */
export const kindOf = <K extends ItemKind>(kind: K): ItemKindDefinition<ItemOf<K>> => KINDS[kind];

type KeysOfAny = AnyItem extends infer T ? (T extends unknown ? keyof T : never) : never;
type ValueOfAny<F extends PropertyKey> = AnyItem extends infer T ? (T extends unknown ? (F extends keyof T ? T[F] : never) : never) : never;

/**
 * An item's fields as if every kind had all of them (a field its kind lacks reads as undefined),
 * and any other name as unknown: for code that shows items of any kind or reads a field an
 * author named (a list block's filter, a placeholder in a page title).
 */
export type AnyFields = { readonly [F in KeysOfAny]?: ValueOfAny<F> } & { readonly [name: string]: unknown };
export const anyFields = (data: AnyItem): AnyFields => data;

export const fieldNames = (k: ItemKind): string[] => Object.keys(ITEM_KINDS[k].item.properties);
