/**
 * What a cart's lines are worth, from a catalogue the block builds out of its YAML (a restaurant's
 * menu, a shop's products): the catalogue is the one source of names and prices, in integer minor
 * units. A visitor's choice (an item, its options, a quantity) is checked against it before it
 * reaches a cart, and a cart is priced against it every time it is shown or paid: a price that
 * came from a browser is never read.
 *
 * Options are written as `group/choice` ids (`size/large`, `extras/feta`), in the catalogue's
 * order, so two lines with the same item and the same choices are the same line.
 */

/** One choice of an option group, with what it adds to the item's price (negative for less). */
export interface CatalogueChoice {
  id: string;
  name: string;
  delta: number;
}

/** A group of options of an item: pick one (a size) or any (extras), required or not. */
export interface OptionGroup {
  id: string;
  name: string;
  pick: 'one' | 'any';
  required: boolean;
  /** For a pick-any group: at most this many choices. */
  max?: number;
  choices: readonly CatalogueChoice[];
}

export interface CatalogueItem {
  id: string;
  name: string;
  /** In minor units; undefined when the price cannot be read, and then the item is not sold. */
  price?: number;
  /** Not sold for now ("sold out today"). */
  soldOut?: boolean;
  groups: readonly OptionGroup[];
}

/** Items by id. */
export type Catalogue = ReadonlyMap<string, CatalogueItem>;

/** What a visitor asks to put in a cart: an item id, the choice ids they picked for each group id, and how many. */
export interface Choosing {
  item: string;
  options: Readonly<Record<string, readonly string[]>>;
  quantity: number;
}

/** Why a choice cannot go in a cart, by the field it is about. */
export type ChoiceRefusal =
  | { field: 'entry'; reason: 'unknown' | 'sold-out' | 'not-sold' }
  | { field: 'options'; reason: 'unknown' | 'missing' | 'one-only' | 'too-many'; group?: string }
  | { field: 'quantity'; reason: 'quantity' };

/** A choice as a cart keeps it: the item id and its option ids, checked and in the catalogue's order. */
export interface ChosenLine {
  item: string;
  options: string[];
}

/** The limits of one line of a cart. */
export interface LineLimits {
  /** The most of one line, such as 20 plates. */
  maxQuantity: number;
}

export const DEFAULT_MAX_QUANTITY = 20;

/** A quantity as a visitor typed it ("2"): a whole number from 1 to `max`, or undefined. Zero counts as undefined here; a cart's change reads "0" as remove. */
export function quantityOf(text: unknown, max = DEFAULT_MAX_QUANTITY): number | undefined {
  if (typeof text !== 'string' || !/^\s*[0-9]{1,4}\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= max ? n : undefined;
}

/** Checks a visitor's choice against the catalogue: a real item on sale, real options that fit their groups, a quantity within limits. */
export function checkChoosing(
  catalogue: Catalogue,
  choosing: Choosing,
  limits: LineLimits = { maxQuantity: DEFAULT_MAX_QUANTITY },
): { line: ChosenLine } | { refused: ChoiceRefusal } {
  const item = catalogue.get(choosing.item);
  if (!item) return { refused: { field: 'entry', reason: 'unknown' } };
  if (item.price === undefined) return { refused: { field: 'entry', reason: 'not-sold' } };
  if (item.soldOut) return { refused: { field: 'entry', reason: 'sold-out' } };
  for (const group of Object.keys(choosing.options))
    if (!item.groups.some((g) => g.id === group)) return { refused: { field: 'options', reason: 'unknown', group } };
  const options: string[] = [];
  for (const group of item.groups) {
    const picked = [...new Set(choosing.options[group.id] ?? [])];
    if (picked.some((id) => !group.choices.some((c) => c.id === id))) return { refused: { field: 'options', reason: 'unknown', group: group.id } };
    if (group.required && !picked.length) return { refused: { field: 'options', reason: 'missing', group: group.id } };
    if (group.pick === 'one' && picked.length > 1) return { refused: { field: 'options', reason: 'one-only', group: group.id } };
    if (group.pick === 'any' && group.max !== undefined && picked.length > group.max)
      return { refused: { field: 'options', reason: 'too-many', group: group.id } };
    for (const choice of group.choices) if (picked.includes(choice.id)) options.push(`${group.id}/${choice.id}`);
  }
  if (!Number.isSafeInteger(choosing.quantity) || choosing.quantity < 1 || choosing.quantity > limits.maxQuantity)
    return { refused: { field: 'quantity', reason: 'quantity' } };
  return { line: { item: item.id, options } };
}

/** A refusal in plain words, for the message beside its field. */
export function refusalText(refused: ChoiceRefusal, catalogue: Catalogue, item: string, limits: LineLimits = { maxQuantity: DEFAULT_MAX_QUANTITY }): string {
  const found = catalogue.get(item);
  const name = found?.name ?? 'That item';
  const group = refused.field === 'options' && refused.group ? found?.groups.find((g) => g.id === refused.group) : undefined;
  switch (refused.reason) {
    case 'unknown':
      return refused.field === 'entry'
        ? 'That item is not on the menu: please choose again.'
        : `That is not one of the choices for ${name}: please choose again.`;
    case 'not-sold':
      return `${name} cannot be ordered online.`;
    case 'sold-out':
      return `${name} is sold out for now.`;
    case 'missing':
      return `Please choose ${group ? group.name.toLowerCase() : 'an option'} for ${name}.`;
    case 'one-only':
      return `Please choose one ${group ? group.name.toLowerCase() : 'option'} for ${name}.`;
    case 'too-many':
      return `Please choose at most ${group?.max ?? 1} ${group ? group.name.toLowerCase() : 'options'} for ${name}.`;
    case 'quantity':
      return `Please choose a quantity from 1 to ${limits.maxQuantity}.`;
  }
}

/** A line of a cart as the catalogue prices it now. */
export interface PricedLine {
  /** The cart line's own id, for changing or removing it. */
  id: string;
  item: CatalogueItem;
  /** The chosen options, by group, in the catalogue's order. */
  choices: { group: OptionGroup; choice: CatalogueChoice }[];
  quantity: number;
  /** One of it, in minor units: the item's price and its options' differences. */
  unit: number;
  /** `unit` × `quantity`. */
  total: number;
}

/** A cart's line as stored: see ./cart.ts. */
export interface StoredLine extends ChosenLine {
  id: string;
  quantity: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** The sum of the lines, in minor units. */
  subtotal: number;
  /** Lines that can no longer be sold as they are (the item or an option left the catalogue, or sold out): not counted, shown so the visitor knows. */
  unavailable: { id: string; name: string; reason: 'gone' | 'sold-out' }[];
  /** How many items in all. */
  count: number;
}

/** Prices a cart's lines from the catalogue as it is now. */
export function priceCart(catalogue: Catalogue, lines: readonly StoredLine[]): PricedCart {
  const out: PricedCart = { lines: [], subtotal: 0, unavailable: [], count: 0 };
  for (const line of lines) {
    const item = catalogue.get(line.item);
    if (!item || item.price === undefined) {
      out.unavailable.push({ id: line.id, name: item?.name ?? 'An item no longer offered', reason: 'gone' });
      continue;
    }
    const choices = line.options.map((option) => {
      const [groupId, choiceId] = option.split('/');
      const group = item.groups.find((g) => g.id === groupId);
      const choice = group?.choices.find((c) => c.id === choiceId);
      return group && choice ? { group, choice } : undefined;
    });
    const complete = choices.every((c) => c !== undefined) && item.groups.every((g) => !g.required || choices.some((c) => c?.group === g));
    if (!complete) {
      out.unavailable.push({ id: line.id, name: item.name, reason: 'gone' });
      continue;
    }
    if (item.soldOut) {
      out.unavailable.push({ id: line.id, name: item.name, reason: 'sold-out' });
      continue;
    }
    const chosen = choices as { group: OptionGroup; choice: CatalogueChoice }[];
    const unit = Math.max(0, item.price + chosen.reduce((sum, c) => sum + c.choice.delta, 0));
    out.lines.push({ id: line.id, item, choices: chosen, quantity: line.quantity, unit, total: unit * line.quantity });
    out.subtotal += unit * line.quantity;
    out.count += line.quantity;
  }
  return out;
}

/** A priced line's name with its choices, for a ticket or a checkout: "Hummus (large, extra pita)". */
export function lineName(line: { item: CatalogueItem; choices: PricedLine['choices'] }): string {
  return line.choices.length ? `${line.item.name} (${line.choices.map((c) => c.choice.name).join(', ')})` : line.item.name;
}
