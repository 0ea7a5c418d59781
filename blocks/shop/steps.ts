/**
 * The steps a paid shop order is moved along on the desk, which depend on how it reaches the
 * buyer: new → packed → sent when it is delivered, new → ready for collection → collected when it is
 * collected in store, and none for gift cards alone, which were e-mailed when paid. Each step is
 * kept as a record of its own (`orderSteps`), only ever after the one before it.
 */
import type { DeliveryMethod } from './delivery.ts';
import type { Order } from './order.ts';

export type ShopStep = 'new' | 'packed' | 'sent' | 'ready' | 'collected' | 'emailed';

/** The steps of an order by the way it reaches the buyer, in order; the first is where a paid order starts. */
export const SHOP_STEPS: Record<DeliveryMethod, readonly ShopStep[]> = {
  shipping: ['new', 'packed', 'sent'],
  local: ['new', 'packed', 'sent'],
  collect: ['new', 'ready', 'collected'],
  email: ['emailed'],
};

export const ACTION: Record<ShopStep, string> = {
  new: '',
  packed: 'Mark packed',
  sent: 'Mark sent',
  ready: 'Mark ready for collection',
  collected: 'Mark collected',
  emailed: '',
};
export const STEP_TEXT: Record<ShopStep, string> = {
  new: 'New',
  packed: 'Packed',
  sent: 'Sent',
  ready: 'Ready for collection',
  collected: 'Collected',
  emailed: 'E-mailed',
};

/** An order's steps (an order kept before its way had steps of its own is delivered). */
export const stepsOf = (order: Order): readonly ShopStep[] => SHOP_STEPS[order.delivery.method] ?? SHOP_STEPS.shipping;

/** The furthest of an order's steps among those recorded; a step is only ever recorded after the one before it. */
export function stepOf(order: Order, recorded: ReadonlySet<unknown>): ShopStep {
  const steps = stepsOf(order);
  return [...steps].reverse().find((s) => recorded.has(s)) ?? (steps[0] as ShopStep);
}

export const nextOf = (order: Order, step: ShopStep): ShopStep | undefined => {
  const steps = stepsOf(order);
  return steps[steps.indexOf(step) + 1];
};
