/**
 * What the menu's schema cannot say. Always: option groups and choices a dish can be ordered with
 * (readable price differences, names unique in their dish or group, a sensible `max`). And for a
 * menu an order page offers: every dish it offers has one readable price and an id of its own.
 */
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { isCurrency } from '../../runtime/payments/money.ts';
import type { SiteData } from '../../schema/site.ts';
import type { BlockIssue } from '../contract.ts';
import { choiceId, dishId, groupId, menuPrice, menusAt, priceDifference } from '../kits/menu/catalogue.ts';
import type { DishProps, MenuProps } from '../kits/menu/schema.ts';

/** Whether an order block on the site offers this menu (found by its own list of sections, which the check is handed as the document holds it). */
function offered(props: MenuProps, site: Partial<SiteData>): boolean {
  for (const { block } of blocksIn(site.pages))
    if (block.type === 'order' && typeof block.menu === 'string' && menusAt(site.pages, block.menu).some((menu) => menu.sections === props.sections))
      return true;
  return false;
}

function optionIssues(dish: DishProps, at: (string | number)[], currency: string): BlockIssue[] {
  const issues: BlockIssue[] = [];
  const groups = new Set<string>();
  (dish.options ?? []).forEach((group, g) => {
    const here = [...at, 'options', g];
    const id = groupId(group);
    if (groups.has(id))
      issues.push({
        path: [...here, group.id ? 'id' : 'name'],
        code: 'SW_NOT_UNIQUE',
        detail: `"${dish.name}" has two option groups called "${id}".`,
        fix: 'give each group of options of a dish its own name.',
      });
    groups.add(id);
    if (group.max !== undefined && group.pick === 'one')
      issues.push({
        path: [...here, 'max'],
        code: 'SW_NOT_ALLOWED',
        detail: `"${group.name}" is a pick-one group, so guests choose exactly one: "max" has no meaning there.`,
        fix: 'remove "max", or write "pick: any" to let guests choose several.',
      });
    if (group.max !== undefined && group.max > group.choices.length)
      issues.push({
        path: [...here, 'max'],
        code: 'SW_OUT_OF_RANGE',
        detail: `Guests may choose up to ${group.max} of "${group.name}", but it has only ${group.choices.length} choices.`,
        fix: `lower max to ${group.choices.length} or less, or leave it out.`,
      });
    const choices = new Set<string>();
    group.choices.forEach((choice, c) => {
      const cid = choiceId(choice);
      if (choices.has(cid))
        issues.push({
          path: [...here, 'choices', c, choice.id ? 'id' : 'name'],
          code: 'SW_NOT_UNIQUE',
          detail: `"${group.name}" of "${dish.name}" has two choices called "${cid}".`,
          fix: 'give each choice of a group its own name.',
        });
      choices.add(cid);
      if (priceDifference(choice.price, currency) === undefined)
        issues.push({
          path: [...here, 'choices', c, 'price'],
          code: 'SW_AMOUNT',
          detail: `"${choice.price ?? ''}" cannot be read as a price difference for "${choice.name}".`,
          fix: 'write what it adds, such as "+$2" or "+$0.50", or what it takes off, such as "-$1"; leave it out when it costs nothing extra.',
        });
    });
  });
  return issues;
}

export function checkMenu(props: MenuProps, site: Partial<SiteData>): BlockIssue[] {
  const currency = typeof site.payments?.currency === 'string' && isCurrency(site.payments.currency) ? site.payments.currency : 'USD';
  const ordered = offered(props, site);
  const issues: BlockIssue[] = [];
  const ids = new Map<string, string>();
  props.sections.forEach((section, s) =>
    section.items.forEach((dish, d) => {
      const at = ['sections', s, 'items', d];
      issues.push(...optionIssues(dish, at, currency));
      if (!ordered || dish.orderable === false) return;
      const id = dishId(dish);
      const first = ids.get(id);
      if (first !== undefined)
        issues.push({
          path: [...at, dish.id ? 'id' : 'name'],
          code: 'SW_NOT_UNIQUE',
          detail: `"${dish.name}" and "${first}" would both be ordered as "${id}".`,
          fix: `give one of them its own id, such as "id: ${id}-2".`,
        });
      else ids.set(id, dish.name);
      const price = menuPrice(dish.price, currency);
      if (price === undefined) {
        issues.push({
          path: [...at, 'price'],
          code: 'SW_AMOUNT',
          detail: `"${dish.price}" cannot be read as one price, so "${dish.name}" cannot be ordered online.`,
          fix: 'write one amount, such as "$14" or "$12.50", or add "orderable: false" to show the dish on the menu without offering it on the order page.',
        });
        return;
      }
      const lowest = (dish.options ?? []).reduce((sum, group) => {
        const deltas = group.choices.map((c) => priceDifference(c.price, currency) ?? 0);
        return (
          sum +
          (group.pick === 'one' ? (group.required ? Math.min(...deltas) : Math.min(0, ...deltas)) : deltas.filter((x) => x < 0).reduce((a, b) => a + b, 0))
        );
      }, price);
      if (lowest < 0)
        issues.push({
          path: [...at, 'options'],
          code: 'SW_AMOUNT',
          detail: `With its cheapest choices "${dish.name}" would cost less than nothing.`,
          fix: 'make the amounts its choices take off smaller than its price.',
        });
    }),
  );
  return issues;
}
