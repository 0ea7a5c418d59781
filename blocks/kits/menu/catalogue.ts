/**
 * A menu as something to order from: each dish's stable id (its own, or made from its name), its
 * price read from the text the menu shows ("$9" → 900 minor units), its option groups with their
 * price differences, and whether it is sold out. The order page reads the same menu blocks the
 * menu page shows (the one source of dishes and prices), through `menusAt` and `menuCatalogue`.
 */
import type { Catalogue, CatalogueItem, OptionGroup } from '../selling/pricing.ts';
import { parseAmount } from '../../../runtime/payments/money.ts';
import { slugify } from '../../../runtime/routing/slug.ts';
import type { DishProps, MenuProps, OptionGroupProps } from './schema.ts';

export const dishId = (dish: Pick<DishProps, 'id' | 'name'>) => dish.id ?? slugify(dish.name);
export const groupId = (group: Pick<OptionGroupProps, 'id' | 'name'>) => group.id ?? slugify(group.name);
export const choiceId = (choice: { id?: string; name: string }) => choice.id ?? slugify(choice.name);

/** A menu's price in minor units ("$9", "12.50", "$1,250"), or undefined when it is not one amount ("$5 / $8", "Market price"). */
export function menuPrice(text: string, currency: string): number | undefined {
  const parsed = parseAmount(text, currency);
  return 'minor' in parsed ? parsed.minor : undefined;
}

/** What a choice changes in the price: "+$2" → 200, "-$1" → -100, nothing → 0; undefined when it cannot be read. */
export function priceDifference(text: string | undefined, currency: string): number | undefined {
  if (text === undefined) return 0;
  const m = /^\s*([+\-−])?\s*(.+)$/u.exec(text);
  if (!m?.[2]) return undefined;
  const amount = menuPrice(m[2], currency);
  return amount === undefined ? undefined : m[1] === '-' || m[1] === '−' ? -amount : amount;
}

/** A dish's option groups as the cart core reads them (choices whose difference cannot be read are left out: the check reports them). */
function groupsOf(dish: DishProps, currency: string): OptionGroup[] {
  return (dish.options ?? []).map((group) => ({
    id: groupId(group),
    name: group.name,
    pick: group.pick,
    required: group.required ?? false,
    ...(group.max !== undefined ? { max: group.max } : {}),
    choices: group.choices.flatMap((choice) => {
      const delta = priceDifference(choice.price, currency);
      return delta === undefined ? [] : [{ id: choiceId(choice), name: choice.name, delta }];
    }),
  }));
}

/** One dish of a menu, with what ordering it needs. */
export interface MenuEntry {
  id: string;
  dish: DishProps;
  item: CatalogueItem;
  /** Offered online: not marked `orderable: false`, and its price can be read. */
  orderable: boolean;
}

export interface MenuSectionEntry {
  name: string;
  description?: string;
  entries: MenuEntry[];
}

/**
 * The dishes of some menus, by section, and the catalogue the cart prices them from: the dishes
 * offered online, each under its id (the first of two with the same id; the check reports the second).
 */
export function menuCatalogue(menus: readonly MenuProps[], currency: string): { catalogue: Catalogue; sections: MenuSectionEntry[] } {
  const catalogue = new Map<string, CatalogueItem>();
  const sections = menus.flatMap((menu) =>
    menu.sections.map((section) => ({
      name: section.name,
      ...(section.description ? { description: section.description } : {}),
      entries: section.items.map((dish): MenuEntry => {
        const id = dishId(dish);
        const price = menuPrice(dish.price, currency);
        const item: CatalogueItem = {
          id,
          name: dish.name,
          ...(price !== undefined ? { price } : {}),
          ...(dish.soldOut ? { soldOut: true } : {}),
          groups: groupsOf(dish, currency),
        };
        const orderable = dish.orderable !== false && price !== undefined;
        if (dish.orderable !== false && !catalogue.has(id)) catalogue.set(id, item);
        return { id, dish, item, orderable };
      }),
    })),
  );
  return { catalogue, sections };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "/menu#dinner" → its page path and anchor. */
export function splitMenuRef(ref: string): { path: string; anchor?: string } {
  const at = ref.indexOf('#');
  return at < 0 ? { path: ref } : { path: ref.slice(0, at) || '/', anchor: ref.slice(at + 1) };
}

/**
 * The menu blocks a reference names, as they are in the site document: every menu block of the
 * page "/menu", or the one whose `id` is the anchor of "/menu#dinner". Reads the document
 * defensively (the check hooks hand it over before every part is known to be valid).
 */
export function menusAt(pages: unknown, ref: string): Record<string, unknown>[] {
  const { path, anchor } = splitMenuRef(ref);
  if (!Array.isArray(pages)) return [];
  const page: unknown = pages.find((p) => isRecord(p) && p.path === path);
  if (!isRecord(page) || !Array.isArray(page.blocks)) return [];
  return page.blocks.filter((b): b is Record<string, unknown> => isRecord(b) && b.type === 'menu' && (anchor === undefined || b.id === anchor));
}
