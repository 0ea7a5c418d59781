/**
 * The platform's payment routes: Stripe's webhook (one address for every site; verified from the
 * raw bytes before anything is read) and the test provider's checkout page.
 */
import { siteOf } from '../fleet.ts';
import { randomBytes } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCheckout } from '../payments/ledger.ts';
import { lineText } from '../payments/line.ts';
import { formatMoneyExact } from '../payments/money.ts';
import type { Payments } from '../payments/payments.ts';
import { WebhookRefused, type PaymentProvider } from '../payments/provider.ts';
import type { CheckoutLine } from '../payments/provider.ts';
import { escapeHtml } from '../render/escape.ts';
import { renderPage, type PageAssets } from '../render/page.tsx';
import type { Site } from '../site.ts';
import type { Store } from '../store/store.ts';
import { asText } from '../text.ts';
import { CachedBody, sendCached } from './cached.ts';
import { MESSAGES } from './messages.ts';
import type { FleetHolder } from './reload.ts';

export interface PaymentRoutesOptions {
  holder: FleetHolder;
  payments: Payments;
  store: Store;
  stripe?: PaymentProvider;
  origin: string;
  assetsFor: (site: Site) => PageAssets;
  notFound: () => CachedBody;
}

const CHECKOUT = /^[A-Za-z0-9_-]{22}$/;

export async function paymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions) {
  const { holder, payments, store } = options;
  const gone = (request: FastifyRequest, reply: FastifyReply) => sendCached(request, reply, options.notFound(), 'no-store', 404);

  // Stripe signs the exact bytes it sent: the body is kept as a Buffer in this scope, never parsed first.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/payments/stripe/webhook', async (request, reply) => {
      const stripe = options.stripe;
      if (!stripe) return reply.code(404).send({ received: false, problem: 'Stripe is not set up on this server.' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = stripe.webhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        request.log.warn({ err: error.message }, 'a webhook with a bad signature was refused');
        return reply.code(400).send({ received: false, problem: 'The signature does not hold.' });
      }
      if (!event) return reply.send({ received: true });
      const outcome = await payments.record(event);
      request.log.info({ site: event.site, checkout: event.checkout, type: event.type, outcome }, 'payment event');
      // Recorded but not yet fulfilled: a 500 makes Stripe deliver it again later, and the next delivery tries again.
      if (outcome === 'unfulfilled') return reply.code(500).send({ received: false, outcome });
      return reply.send({ received: true, outcome });
    });
  });

  await app.register(async (scope) => {
    await scope.register(fastifyFormbody, { bodyLimit: 4 * 1024 });

    const find = async (params: { site: string; checkout: string }) => {
      const site = await siteOf(holder.current, params.site);
      if (!site || !CHECKOUT.test(params.checkout)) return undefined;
      const view = await readCheckout(await store.tenant(site.prefix), params.checkout);
      return view && view.opened.provider === 'test' ? { site, view } : undefined;
    };

    scope.get<{ Params: { site: string; checkout: string } }>('/payments/test/:site/:checkout', async (request, reply) => {
      const found = await find(request.params);
      if (!found) return gone(request, reply);
      const { site, view } = found;
      if (view.status !== 'open') return reply.redirect(payments.returnPathOf(site, view.opened), 303);
      const locale = site.data.site.language;
      const currency = String(view.opened.currency);
      const money = (minor: number) => formatMoneyExact(minor, currency, locale);
      const lines = ((view.opened.lines as CheckoutLine[]) ?? [])
        .map((l) => `<tr><th scope="row">${escapeHtml(lineText(l))}</th><td class="amount">${escapeHtml(money(l.amount * l.quantity))}</td></tr>`)
        .join('');
      const monthly = view.opened.mode === 'monthly' ? ' every month' : '';
      const action = `/payments/test/${site.prefix}/${request.params.checkout}`;
      const button = (outcome: string, label: string, secondary = false) =>
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="button${secondary ? ' button-secondary' : ''}">${escapeHtml(label)}</button></form>`;
      const body = `<div class="test-mode" role="note"><strong>Test mode.</strong> ${MESSAGES.payments.testMode}</div>
<p>${escapeHtml(String(view.opened.description))}${view.opened.reference ? ` — reference ${escapeHtml(asText(view.opened.reference))}` : ''}</p>
<table class="checkout-lines"><tbody>${lines}</tbody><tfoot><tr><th scope="row">Total</th><td><span class="amount">${escapeHtml(money(Number(view.opened.amount)))}</span>${monthly}</td></tr></tfoot></table>
<div class="checkout-actions">${button('pay', `Pay ${money(Number(view.opened.amount))}${monthly}`)}${button('fail', 'Pay with a card that is declined', true)}${button('cancel', 'Cancel and go back', true)}</div>`;
      const html = renderPage(
        site,
        { page: { path: '/payments', title: 'Checkout (test mode)', noindex: true, blocks: [] }, pageIndex: -1, path: '/payments' },
        { origin: options.origin, assets: options.assetsFor(site), mainHtml: body },
      ).html;
      return sendCached(request, reply, new CachedBody(Buffer.from(html), 'text/html; charset=utf-8'), 'no-store');
    });

    const outcomeBody = {
      type: 'object',
      properties: { outcome: { type: 'string', enum: ['pay', 'fail', 'cancel'] } },
      required: ['outcome'],
      additionalProperties: false,
    } as const;
    scope.post<{ Params: { site: string; checkout: string } }>('/payments/test/:site/:checkout', { schema: { body: outcomeBody } }, async (request, reply) => {
      const found = await find(request.params);
      const outcome = (request.body as { outcome?: unknown } | undefined)?.outcome;
      if (!found || (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'cancel')) return gone(request, reply);
      const { site, view } = found;
      const { checkout } = request.params;
      if (outcome === 'cancel' || view.status !== 'open')
        return reply.redirect(payments.returnPathOf(site, view.opened, outcome === 'cancel' ? '&cancelled=1' : ''), 303);
      const subscription = view.opened.mode === 'monthly';
      await payments.record({
        id: `test_evt_${randomBytes(12).toString('base64url')}`,
        type: outcome === 'pay' ? 'paid' : 'failed',
        site: site.prefix,
        checkout,
        providerCheckoutId: String(view.opened.providerCheckoutId),
        ...(outcome === 'pay'
          ? {
              providerPaymentId: `test_${subscription ? 'in' : 'pi'}_${checkout}`,
              ...(subscription ? { providerSubscriptionId: `test_sub_${checkout}` } : {}),
              amount: Number(view.opened.amount),
              currency: String(view.opened.currency),
            }
          : {}),
      });
      return reply.redirect(payments.returnPathOf(site, view.opened), 303);
    });
  });
}
