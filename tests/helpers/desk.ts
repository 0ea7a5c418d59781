/** The desk's test fleet served with a data folder, every e-mail it sends kept for the test to read, and what its tests do as owners and buyers. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { MailMessage } from '../../runtime/services/mail.ts';
import type { Signer } from '../../runtime/services/signing.ts';
import type { Store } from '../../runtime/store/store.ts';
import { appWithData, DESK_FLEET } from './app.ts';
import { ledgerOf, press } from './money.ts';

type Settings = Parameters<typeof appWithData>[3];
type Extra = Parameters<typeof appWithData>[5];

export async function deskApp(settings: Settings, extra: Extra): Promise<{ ctx: Awaited<ReturnType<typeof appWithData>>; sent: MailMessage[] }> {
  const ctx = await appWithData(DESK_FLEET, undefined, undefined, settings, undefined, extra);
  const sent: MailMessage[] = [];
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = async (message) => {
    sent.push(message);
    await send(message);
  };
  return { ctx, sent };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** A redirect's address as a path on this server, whatever origin the app was built with. */
const pathOf = (location: unknown) => String(location).replace(/^https?:\/\/[^/]+/, '');

/** Where a shop buyer's parcel goes, unless a test says otherwise. */
const ADDRESS = { method: 'shipping', phone: '', street: '418 Ferris Street', town: 'Larkfield', region: 'OH', postalCode: '45318' };

/**
 * Buys `quantity` of a site's product (its one variant, "standard") through the shop's cart and
 * checkout, as a visitor with their own cart cookie does, and pays on the test provider. Returns
 * the order's id and its checkout.
 */
export async function buyFromShop(
  app: FastifyInstance,
  services: { signer: Signer; store: Store },
  prefix: string,
  product: string,
  quantity: string,
  buyer: Record<string, string>,
): Promise<{ order: string; checkout: string }> {
  let cookie = '';
  const send = async (url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> => {
    const res = await app.inject({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers: { ...FORM, ...(cookie ? { cookie } : {}) } });
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) cookie = first.split(';')[0] as string;
    return res;
  };
  expect((await send(`/${prefix}/shop/${product}`, { _shop: 'add', product, variant: 'standard', quantity })).statusCode).toBe(303);
  // A time stamp signed ten seconds ago, past the robot trap.
  const opened = await send(`/${prefix}/shop/cart`, { _shop: 'checkout', _t: services.signer.timeToken(Date.now() - 10_000), ...ADDRESS, ...buyer });
  expect(opened.statusCode, opened.body.slice(0, 300)).toBe(303);
  const checkoutPath = pathOf(opened.headers.location);
  expect((await press(app, checkoutPath, 'pay')).statusCode).toBe(303);
  const checkout = checkoutPath.split('/').pop() as string;
  const entry = (await ledgerOf(services.store, prefix)).find((e) => e.checkout === checkout && e.type === 'checkout-opened');
  return { order: String((entry?.details as { order: string }).order), checkout };
}
