/**
 * The services a block's server half is given, for a test that calls a block's own hooks (its
 * scheduled work, its paid checkout) or a kit itself: made as the server makes them, from the
 * services the app was built with and its money core.
 */
import type { ActionServices } from '../../blocks/contract.ts';
import type { Payments } from '../../runtime/payments/payments.ts';
import { blockServices, type KernelServices } from '../../runtime/services/index.ts';

export function blockServicesOf(app: { payments?: Payments | undefined }, base: KernelServices, origin = 'https://sites.example.com'): ActionServices {
  if (!app.payments) throw new Error('the app was built without services, so it has no money core');
  return blockServices(base, { payments: app.payments, origin, contacts: { subscribe: async () => {} } });
}
