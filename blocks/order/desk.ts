/**
 * The order block's page on the owner's desk: the kitchen's orders, soonest pickup first (told in
 * the site's zone, as all the desk), each moved along new → preparing → ready → collected, one step forward at a time. At "ready" the guest
 * is e-mailed once. The step is kept on the order as `stage` (absent: new), beside its payment
 * `status`, which it never changes.
 */
import { blocksIn } from '../../runtime/config/blocks-in.ts';
import { siteZone } from '../../runtime/render/site-zone.ts';
import { localDate } from '../../runtime/services/time.ts';
import type { Site } from '../../runtime/site.ts';
import { money } from '../money.tsx';
import type { DeskBoard, DeskBoardInput } from '../contract.ts';
import { cartScope, isOrder, stageOf, STAGES, type OrderRecord, type Stage } from './offer.ts';
import type { OrderProps } from './schema.ts';
import { whenText } from './view.ts';

const ACTION: Record<Stage, string> = { new: '', preparing: 'Start preparing', ready: 'Mark ready', collected: 'Mark collected' };
const STAGE_TEXT: Record<Stage, string> = { new: 'New', preparing: 'Preparing', ready: 'Ready', collected: 'Collected' };

const nextOf = (stage: Stage): Stage | undefined => STAGES[STAGES.indexOf(stage) + 1];

/** The order block an order was placed through, as the site is now. */
function propsOf(site: Site, scope: string): OrderProps | undefined {
  for (const { block } of blocksIn(site.data))
    if (block.type === 'order' && cartScope(block as unknown as OrderProps) === scope) return block as unknown as OrderProps;
  return undefined;
}

const zoneOf = (site: Site, order: OrderRecord) => propsOf(site, order.scope)?.timeZone ?? site.data.site.timeZone ?? 'UTC';

/** The kitchen's orders (placed to pay at pickup, or paid): any not yet collected, and today's and later ones; soonest first. */
async function kitchenOrders(input: DeskBoardInput): Promise<OrderRecord[]> {
  const now = input.services.now();
  const tenant = await input.services.store.tenant(input.site.prefix);
  return (await tenant.list('orders'))
    .filter(isOrder)
    .filter((o) => o.status === 'placed' || o.status === 'paid')
    .filter((o) => stageOf(o) !== 'collected' || localDate(Date.parse(o.startUtc), zoneOf(input.site, o)) >= localDate(now, zoneOf(input.site, o)))
    .sort((a, b) => a.startUtc.localeCompare(b.startUtc));
}

export const orderDesk: DeskBoard = {
  slug: 'orders',
  kind: 'orders',
  label: 'Orders',
  intro: 'The kitchen’s orders, soonest first. Move each one along: new, preparing, ready (the guest is e-mailed that it is ready), collected.',
  // The kitchen calls the guest and reads their note from here, as from the ticket it is e-mailed.
  columns: ['Order', 'For', 'Who', 'E-mail', 'Phone', 'What', 'Note for the kitchen', 'Total', 'Payment', 'Stage'],
  async rows(input) {
    const { site } = input;
    return (await kitchenOrders(input)).map((o) => {
      const stage = stageOf(o);
      const next = nextOf(stage);
      return {
        id: o.id,
        cells: [
          o.number,
          `${o.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}, ${whenText(o.startUtc, siteZone(site), site.data.site.language)}`,
          o.name,
          o.email,
          o.phone ?? '',
          o.lines.map((l) => `${l.quantity} × ${l.name}${l.options.length ? ` (${l.options.join(', ')})` : ''}`).join('; '),
          o.note ?? '',
          money(site, o.total),
          o.status === 'paid' ? 'Paid online' : 'To pay at pickup',
          STAGE_TEXT[stage],
        ],
        actions: next ? [{ name: next, label: ACTION[next] }] : [],
      };
    });
  },
  async act(input, id, action) {
    const { site, services, log } = input;
    const order = (await kitchenOrders(input)).find((o) => o.id === id);
    if (!order) return { refused: 404, problem: 'There is no such order in the kitchen.' };
    const stage = stageOf(order);
    const next = nextOf(stage);
    if (action !== next)
      return {
        refused: 422,
        problem: next
          ? `Order ${order.number} is ${STAGE_TEXT[stage].toLowerCase()}: it can only be moved on to ${STAGE_TEXT[next].toLowerCase()}.`
          : `Order ${order.number} has been collected already.`,
      };
    const at = new Date(services.now()).toISOString();
    const tenant = await services.store.tenant(site.prefix);
    // Moved on only from the stage it was seen at: of two presses at once, even on two instances, one moves it and e-mails the guest.
    const moved = await tenant.update('orders', id, { stage: next, [`${next}At`]: at }, { stage: order.stage });
    if (!moved) return { refused: 422, problem: `Order ${order.number} was moved on meanwhile: look at its stage again.` };
    if (next === 'ready' && order.email) {
      const pickup = order.fulfilment === 'pickup';
      await services.mailer.send({
        to: order.email,
        subject: pickup ? `Your order is ready to collect: ${order.number} at ${site.data.site.name}` : `Your order ${order.number} is ready and on its way`,
        text: [
          `Hello ${order.name},`,
          '',
          pickup
            ? `Your order ${order.number} at ${site.data.site.name} is ready to collect.`
            : `Your order ${order.number} from ${site.data.site.name} is ready and leaves for delivery now.`,
          ...(order.status === 'placed' ? ['', `You pay when you collect it: ${money(site, order.total)}.`] : []),
          '',
          site.data.site.phone ? `Questions? Call us on ${site.data.site.phone}.` : 'Questions? Reply to this e-mail.',
        ].join('\n'),
        ...(site.data.site.email ? { replyTo: site.data.site.email } : {}),
      });
    }
    log.info({ site: site.prefix, order: order.number, stage: next }, 'order moved on the desk');
    return { done: `moved order ${order.number} of ${order.name} to ${STAGE_TEXT[next].toLowerCase()}${next === 'ready' ? ', the guest e-mailed' : ''}` };
  },
};
