/**
 * The requests the fake Stripe answers, as Stripe answers them: form-encoded bodies with bracket
 * keys, Stripe-shaped objects and errors, idempotency keys scoped to an account, and
 * connected-account objects visible only with their `Stripe-Account`. `fake-stripe.ts` starts the
 * server and moves its checkouts on.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export interface FakeRequest {
  method: string;
  /** The path without its query, such as `/v1/checkout/sessions`. */
  path: string;
  /** The form body (POST) or the query (GET), nested as Stripe reads it. */
  body: FormObject;
  account?: string;
  idempotencyKey?: string;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  livemode: false;
  created: number;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  mode: 'payment' | 'subscription';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string | null;
  invoice: string | null;
  subscription: string | null;
  /** Not a Stripe field: the connected account the session was created on (Stripe keeps it there). */
  account?: string;
}

/** A payment the fake took, which a refund may give back. */
export interface Payment {
  id: string;
  amount: number;
  refunded: number;
  currency: string;
  account?: string;
  invoice?: string;
}

/** What the fake keeps between requests; `base` is its own address, known once it listens. */
export interface FakeState {
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  payments: Map<string, Payment>;
  /** Answers kept by account, path and idempotency key, with the body they answered. */
  answered: Map<string, { body: string; status: number; answer: unknown }>;
  base: string;
}

/** Registers Stripe's API on `app`: the body parser, the request log and key check, and the routes. */
export function answerAsStripe(app: FastifyInstance, state: FakeState): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
  });

  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const body = request.method === 'GET' ? parseForm(request.url.slice(path.length + 1)) : ((request.body as FormObject | undefined) ?? {});
    const record: FakeRequest = { method: request.method, path, body };
    const account = header(request, 'stripe-account');
    const idempotencyKey = header(request, 'idempotency-key');
    if (account) record.account = account;
    if (idempotencyKey) record.idempotencyKey = idempotencyKey;
    state.requests.push(record);
    if (!/^Bearer sk_(test|live)_/.test(header(request, 'authorization') ?? '')) {
      return stripeError(reply, 401, 'invalid_request_error', 'You did not provide an API key.');
    }
  });

  checkoutRoutes(app, state);
  refundRoutes(app, state);
  app.setNotFoundHandler(async (request, reply) =>
    stripeError(reply, 404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.url.split('?')[0] ?? ''}).`),
  );
}

/** Runs `create` once per idempotency key (per account and path), as Stripe does; the same key with other parameters is an error. */
function once(state: FakeState, request: FastifyRequest, reply: FastifyReply, create: () => { status: number; answer: unknown }) {
  const key = header(request, 'idempotency-key');
  const body = JSON.stringify(request.body ?? {});
  const slot = `${header(request, 'stripe-account') ?? ''} ${request.url} ${key ?? ''}`;
  const earlier = key ? state.answered.get(slot) : undefined;
  if (earlier) {
    if (earlier.body !== body) {
      return stripeError(reply, 400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
    }
    return reply.code(earlier.status).header('idempotent-replayed', 'true').send(earlier.answer);
  }
  const result = create();
  if (key && result.status < 500) state.answered.set(slot, { body, ...result });
  return reply.code(result.status).send(result.answer);
}

function checkoutRoutes(app: FastifyInstance, state: FakeState) {
  app.post('/v1/checkout/sessions', async (request, reply) =>
    once(state, request, reply, () => {
      const body = (request.body as FormObject | undefined) ?? {};
      const problem = sessionProblem(body);
      if (problem) return { status: 400, answer: errorBody('invalid_request_error', problem) };
      const lines = list(body.line_items);
      const id = `cs_test_${token()}`;
      const mode = body.mode === 'subscription' ? 'subscription' : 'payment';
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        url: `${state.base}/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        mode,
        amount_total: lines.reduce((sum, line) => sum + int(field(field(line, 'price_data'), 'unit_amount')) * int(field(line, 'quantity') ?? '1'), 0),
        currency: text(field(field(lines[0], 'price_data'), 'currency')) ?? '',
        metadata: strings(body.metadata),
        client_reference_id: text(body.client_reference_id) ?? null,
        customer_email: text(body.customer_email) ?? null,
        success_url: text(body.success_url) ?? null,
        cancel_url: text(body.cancel_url) ?? null,
        payment_intent: null,
        invoice: null,
        subscription: null,
      };
      const account = header(request, 'stripe-account');
      if (account) session.account = account;
      state.sessions.set(id, session);
      return { status: 200, answer: visible(session) };
    }),
  );

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    const session = state.sessions.get(request.params.id);
    if (!session || session.account !== header(request, 'stripe-account')) {
      return stripeError(reply, 404, 'invalid_request_error', `No such checkout.session: '${request.params.id}'`, 'resource_missing');
    }
    return visible(session);
  });
}

function refundRoutes(app: FastifyInstance, state: FakeState) {
  app.post('/v1/refunds', async (request, reply) =>
    once(state, request, reply, () => {
      const body = (request.body as FormObject | undefined) ?? {};
      const target = text(body.payment_intent) ?? text(body.charge);
      const payment = target ? findPayment(target) : undefined;
      if (!payment || payment.account !== header(request, 'stripe-account')) {
        return { status: 400, answer: errorBody('invalid_request_error', `No such payment_intent: '${target ?? ''}'`, 'resource_missing') };
      }
      const left = payment.amount - payment.refunded;
      const amount = body.amount === undefined ? left : int(body.amount);
      if (!(amount > 0)) return { status: 400, answer: errorBody('invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer') };
      if (amount > left) {
        return {
          status: 400,
          answer: errorBody('invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount_too_large'),
        };
      }
      payment.refunded += amount;
      const refund = {
        id: `re_${token()}`,
        object: 'refund',
        amount,
        currency: payment.currency,
        payment_intent: payment.id,
        charge: `ch_${payment.id.slice(3)}`,
        status: 'succeeded',
        metadata: strings(body.metadata),
        created: Math.floor(Date.now() / 1000),
      };
      return { status: 200, answer: refund };
    }),
  );

  app.get('/v1/invoice_payments', async (request) => {
    const query = parseForm(request.url.split('?')[1] ?? '');
    const invoice = text(query.invoice);
    const account = header(request, 'stripe-account');
    const data = [...state.payments.values()]
      .filter((payment) => payment.invoice !== undefined && payment.invoice === invoice && payment.account === account)
      .map((payment) => ({
        id: `inpay_${payment.id.slice(3)}`,
        object: 'invoice_payment',
        invoice: payment.invoice,
        status: 'paid',
        amount_paid: payment.amount,
        currency: payment.currency,
        payment: { type: 'payment_intent', payment_intent: payment.id },
      }));
    return { object: 'list', data, has_more: false, url: '/v1/invoice_payments' };
  });

  function findPayment(id: string): Payment | undefined {
    return state.payments.get(id) ?? [...state.payments.values()].find((payment) => `ch_${payment.id.slice(3)}` === id);
  }
}

/**
 * A form body or query with bracket keys, nested as Stripe (and `qs`) read it:
 * `line_items[0][price_data][unit_amount]=1200` is `{ line_items: [{ price_data: { unit_amount: '1200' } }] }`.
 */
export function parseForm(form: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const head = /^[^[]+/.exec(key)?.[0];
    if (!head) continue;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '')];
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let node: FormObject | FormValue[] = root;
    for (let index = 0; index < path.length; index++) {
      const part = path[index] ?? '';
      // An array is indexed by its numeric keys; `[]` appends.
      const slots = node as Record<string, FormValue | undefined>;
      const slot: string = part === '' && node instanceof Array ? String(node.length) : part;
      if (index === path.length - 1) {
        slots[slot] = value;
        break;
      }
      const existing: FormValue | undefined = slots[slot];
      if (existing !== undefined && typeof existing !== 'string') {
        node = existing;
        continue;
      }
      const child: FormObject | FormValue[] = /^\d*$/.test(path[index + 1] ?? '') ? new Array<FormValue>() : {};
      slots[slot] = child;
      node = child;
    }
  }
  return root;
}

function sessionProblem(body: FormObject): string | undefined {
  const mode = text(body.mode);
  if (mode !== 'payment' && mode !== 'subscription') return 'Missing required param: mode.';
  const lines = list(body.line_items);
  if (lines.length === 0) return 'Missing required param: line_items.';
  const currencies = new Set<string>();
  for (const line of lines) {
    const price = field(line, 'price_data');
    const currency = text(field(price, 'currency'));
    if (!currency || currency !== currency.toLowerCase()) return 'Invalid currency: line_items[][price_data][currency].';
    currencies.add(currency);
    if (!/^\d+$/.test(text(field(price, 'unit_amount')) ?? '')) return 'Invalid integer: line_items[][price_data][unit_amount].';
    if (!text(field(field(price, 'product_data'), 'name'))) return 'Missing required param: line_items[][price_data][product_data][name].';
    const recurring = field(price, 'recurring');
    if (mode === 'subscription' && !text(field(recurring, 'interval'))) return 'You must specify `recurring` on every line item in `subscription` mode.';
    if (mode === 'payment' && recurring !== undefined) return 'You specified `payment` mode but passed a recurring price.';
  }
  if (currencies.size > 1) return 'All line items must have the same currency.';
  if (mode === 'subscription' && body.payment_intent_data !== undefined) return 'You can not pass `payment_intent_data` in `subscription` mode.';
  if (mode === 'payment' && body.subscription_data !== undefined) return 'You can not pass `subscription_data` in `payment` mode.';
  const suffix = text(field(body.payment_intent_data, 'statement_descriptor_suffix'));
  if (suffix !== undefined && (suffix.length > 22 || /[<>\\'"*]/.test(suffix) || !/[A-Za-z]/.test(suffix))) return 'Invalid statement_descriptor_suffix.';
  return undefined;
}

/** The session as Stripe shows it (without what the fake keeps for itself). */
export function visible(session: FakeSession): Omit<FakeSession, 'account'> {
  const { account: _account, ...shown } = session;
  return shown;
}

export function isFakeSession(object: object): object is FakeSession {
  return (object as { object?: unknown }).object === 'checkout.session';
}

function errorBody(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } };
}

function stripeError(reply: FastifyReply, status: number, type: string, message: string, code?: string) {
  return reply.code(status).send(errorBody(type, message, code));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function field(value: FormValue | undefined, key: string): FormValue | undefined {
  return value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function int(value: FormValue | undefined): number {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
}

function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  if (value !== undefined && typeof value === 'object') return Object.values(value);
  return [];
}

function strings(value: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

/** A random id's tail, as Stripe's ids have. */
export function token(): string {
  return randomBytes(12).toString('hex');
}
