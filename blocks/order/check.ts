/** What the order block's schema cannot say, checked when the site loads. */
import { validateTimetable } from '../kits/scheduling/timetable-check.ts';
import type { SiteData } from '../../schema/site.ts';
import { dishId, menusAt, splitMenuRef } from '../kits/menu/catalogue.ts';
import type { MenuProps } from '../kits/menu/schema.ts';
import { moneyIssues } from '../money.tsx';
import type { BlockIssue } from '../contract.ts';
import { kitchenTimetable } from './kitchen.ts';
import type { OrderProps } from './schema.ts';

export function checkOrder(props: OrderProps, site: Partial<SiteData>): BlockIssue[] {
  const issues: BlockIssue[] = moneyIssues(site, [
    ...(props.minimum !== undefined ? [{ path: ['minimum'], value: props.minimum }] : []),
    ...(props.delivery?.fee !== undefined ? [{ path: ['delivery', 'fee'], value: props.delivery.fee }] : []),
    ...(props.delivery?.minimum !== undefined ? [{ path: ['delivery', 'minimum'], value: props.delivery.minimum }] : []),
  ]);

  // The menus it offers: a page with menu blocks (or the one an anchor names). A page that does not exist is reported by the link check.
  const { path, anchor } = splitMenuRef(props.menu);
  const page = Array.isArray(site.pages) ? site.pages.find((p) => p && typeof p === 'object' && p.path === path) : undefined;
  const menus = menusAt(site.pages, props.menu) as unknown as MenuProps[];
  if (page && !menus.length) {
    const blocks: unknown[] = Array.isArray(page.blocks) ? page.blocks : [];
    const ids = blocks
      .filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object' && (b as { type?: unknown }).type === 'menu')
      .filter((b) => typeof b.id === 'string')
      .map((b) => `#${String(b.id)}`);
    issues.push({
      path: ['menu'],
      code: 'SW_BROKEN_LINK',
      detail: anchor ? `The page ${path} has no menu block with "id: ${anchor}".` : `The page ${path} has no menu block to order from.`,
      fix: ids.length
        ? `write one of: ${ids.map((id) => `${path}${id}`).join(', ')}.`
        : `point "menu" at the page that shows the menu, or add "- type: menu" to ${path}.`,
    });
  }
  // Two menus of the page may name a dish alike: within one menu its own check says so.
  const seen = new Map<string, number>();
  menus.forEach((menu, m) => {
    const own = new Set<string>();
    for (const section of Array.isArray(menu.sections) ? menu.sections : [])
      for (const dish of Array.isArray(section?.items) ? section.items : []) {
        if (!dish || typeof dish.name !== 'string' || dish.orderable === false) continue;
        const id = dishId(dish);
        if (seen.has(id) && seen.get(id) !== m && !own.has(id))
          issues.push({
            path: ['menu'],
            code: 'SW_NOT_UNIQUE',
            detail: `Two menus on ${path} have a dish ordered as "${id}" (${dish.name}).`,
            fix: `give one of them its own id, such as "id: ${id}-2", or point "menu" at one of the menus by its id.`,
          });
        seen.set(id, m);
        own.add(id);
      }
  });

  const hours = (Array.isArray(site.site?.hours) ? site.site.hours : []).filter(
    (h) => h && Array.isArray(h.days) && typeof h.opens === 'string' && typeof h.closes === 'string',
  );
  // A site without its identity is reported by the schema; one without hours, here.
  if (!hours.length && site.site && typeof site.site === 'object')
    issues.push({
      path: [],
      target: 'key',
      code: 'SW_MISSING_KEY',
      detail: 'Pickup times are offered inside the opening hours, but the site has none.',
      fix: 'add the opening hours under "site:", such as:\n  hours:\n    - days: [tuesday, wednesday]\n      opens: "17:00"\n      closes: "21:30"',
    });
  else
    for (const problem of validateTimetable(kitchenTimetable(hours, props)))
      if (problem.path[0] === 'timeZone' || problem.path[0] === 'closed')
        issues.push({ path: problem.path, code: 'SW_BAD_FORMAT', detail: problem.detail, fix: problem.fix });

  if (props.delivery && !props.payment.includes('online'))
    issues.push({
      path: ['payment'],
      code: 'SW_NOT_ALLOWED',
      detail: 'Delivery orders are paid online, but "payment" does not offer it: nobody could order a delivery.',
      fix: 'write payment: [online, at-pickup], or remove "delivery".',
    });
  return issues;
}
