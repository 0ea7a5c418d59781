/**
 * A shop's cart and checkout as the visitor sees them, drawn from a view the server works out
 * (`view.ts`): the lines with their quantities and what is left, the delivery choices with their
 * fees, the buyer's details; or one order named by its signed link. Without JavaScript each change
 * is a form post answered with the page; in the browser the same posts are sent by fetch, answered
 * with the cart as JSON, and the change is read out to screen readers.
 */
import { useState, type FormEvent } from 'react';
import { ErrorSummary, Field, OrderLinesTable, PostHidden, TestModeText } from '../money-form.tsx';
import type { VisitorState } from '../contract.ts';

export interface CartLineView {
  id: string;
  name: string;
  href?: string;
  unit: string;
  quantity: number;
  total: string;
  most: number;
  /** What is left of it, in words ("Only 3 left"). */
  note: string;
}

export interface GoneLineView {
  id: string;
  name: string;
  reason: string;
}

export interface MethodView {
  method: string;
  label: string;
  fee: string;
  total: string;
  note?: string;
}

export interface CartView {
  lines: CartLineView[];
  gone: GoneLineView[];
  count: number;
  subtotal: string;
  methods: MethodView[];
}

export interface OrderView {
  number: string;
  status: string;
  placed: string;
  lines: { name: string; quantity: number; total: string }[];
  subtotal: string;
  delivery: { label: string; fee: string };
  total: string;
  address: string[];
}

export interface ShopView {
  id: string;
  action: string;
  page: string;
  token: string;
  heading?: string;
  /** The page's title already says what the heading would: no heading of its own. */
  titled?: boolean;
  introHtml?: string;
  testMode: boolean;
  shop?: string;
  holdMinutes: number;
  /** What an address's code and region are called where the site is. */
  words: { code: string; region: string };
  submit: string;
  cart: CartView;
  state?: VisitorState;
  order?: OrderView;
  unknownOrder?: boolean;
}

function OrderPanel({ view, order }: { view: ShopView; order?: OrderView }) {
  return (
    <section className="shop-block" id={view.id} aria-labelledby={`${view.id}-heading`}>
      <div className="container">
        <h2 id={`${view.id}-heading`}>{order ? `Your order ${order.number}` : 'No order to show'}</h2>
        {order ? (
          <>
            <p className="shop-status">
              <strong>{order.status}</strong>
            </p>
            <OrderLinesTable
              caption={`What order ${order.number} holds`}
              thing="Item"
              lines={order.lines.map((l) => ({ key: l.name, name: l.name, quantity: l.quantity, total: l.total }))}
              sums={[
                { label: 'Items', value: order.subtotal },
                { label: order.delivery.label, value: order.delivery.fee },
                { label: 'Total', value: order.total },
              ]}
            />
            <h3>Delivered to</h3>
            <p>
              {order.address.map((line, i) => (
                <span key={i} className="shop-address-line">
                  {line}
                </span>
              ))}
            </p>
            <p className="muted">{`Ordered on ${order.placed}.`}</p>
          </>
        ) : (
          <p>This link does not name an order. Please use the link in your confirmation e-mail.</p>
        )}
        {view.shop ? (
          <p>
            <a href={view.shop}>Back to the shop</a>
          </p>
        ) : null}
      </div>
    </section>
  );
}

const errorId = (id: string, field: string) => `${id}-${field}-error`;

/** The island: `view` comes from the server (`islandProps`); the YAML props travel beside it and are not read. */
export function ShopCart({ view }: { view?: ShopView; [yaml: string]: unknown }) {
  const [cart, setCart] = useState(view?.cart);
  const [errors, setErrors] = useState<Record<string, string>>(view?.state?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState('');
  if (!view || !cart) return null;
  if (view.order || view.unknownOrder) return <OrderPanel view={view} order={view.order} />;
  const { id } = view;
  const state = view.state;
  const value = (name: string) => {
    const v = state?.values?.[name];
    return typeof v === 'string' ? v : '';
  };
  const checkoutErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('line-') && k !== 'cart'));

  /** A change of a line, sent by fetch; any failure falls back to the plain post. */
  const change = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString(),
      });
      const json = (await answer.json()) as { ok: boolean; view?: CartView; message?: string; errors?: Record<string, string>; result?: { cart?: CartView } };
      const next = json.view ?? json.result?.cart;
      if (next) setCart(next);
      setErrors(json.ok ? {} : (json.errors ?? {}));
      setNews(json.ok ? (json.message ?? 'Your cart has changed.') : Object.values(json.errors ?? {}).join(' '));
    } catch {
      form.submit();
    } finally {
      setBusy(false);
    }
  };

  const summaryState: VisitorState | undefined = Object.keys(errors).length || state?.problem ? { errors, problem: state?.problem } : undefined;
  return (
    <section className="shop-block" id={id} aria-labelledby={view.titled ? undefined : `${id}-heading`} aria-label={view.titled ? 'Your cart' : undefined}>
      <div className="container">
        {view.titled ? null : <h2 id={`${id}-heading`}>{view.heading ?? 'Your cart'}</h2>}
        {view.introHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: view.introHtml }} /> : null}
        {view.testMode ? <TestModeText /> : null}
        <ErrorSummary id={id} state={summaryState} fields={{}} />
        <p className="visually-hidden" aria-live="polite">
          {news}
        </p>
        {cart.lines.length || cart.gone.length ? (
          <ul className="shop-lines" id={`${id}-cart`} aria-busy={busy || undefined}>
            {cart.lines.map((line) => {
              const error = errors[`line-${line.id}`];
              const field = `${id}-line-${line.id}`;
              return (
                <li key={line.id} className={`shop-line${error ? ' field-has-error' : ''}`}>
                  <p className="shop-line-name">
                    <strong>{line.href ? <a href={line.href}>{line.name}</a> : line.name}</strong>
                    <span className="shop-line-facts">{`${line.unit} each · ${line.note}`}</span>
                  </p>
                  <form method="post" action={view.action} className="shop-line-change" onSubmit={(event) => void change(event)}>
                    <input type="hidden" name="_shop" value="change" />
                    <input type="hidden" name="line" value={line.id} />
                    <label htmlFor={field}>
                      Quantity<span className="visually-hidden">{` of ${line.name}`}</span>
                    </label>
                    <input
                      id={field}
                      key={`${line.id}-${line.quantity}`}
                      name="quantity"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.most}
                      defaultValue={String(line.quantity)}
                      aria-describedby={error ? errorId(id, `line-${line.id}`) : undefined}
                      aria-invalid={error ? true : undefined}
                    />
                    <button type="submit" className="button button-secondary">
                      Update<span className="visually-hidden">{` ${line.name}`}</span>
                    </button>
                  </form>
                  <form method="post" action={view.action} className="shop-line-remove" onSubmit={(event) => void change(event)}>
                    <input type="hidden" name="_shop" value="remove" />
                    <input type="hidden" name="line" value={line.id} />
                    <button type="submit" className="button button-secondary">
                      Remove<span className="visually-hidden">{` ${line.name}`}</span>
                    </button>
                  </form>
                  <p className="shop-line-total">{line.total}</p>
                  {error ? (
                    <p id={errorId(id, `line-${line.id}`)} className="field-error">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
            {cart.gone.map((line) => {
              const error = errors[`line-${line.id}`] ?? line.reason;
              return (
                <li key={line.id} className="shop-line shop-line-gone field-has-error">
                  <p className="shop-line-name">
                    <strong>{line.name}</strong>
                  </p>
                  <form method="post" action={view.action} className="shop-line-remove" onSubmit={(event) => void change(event)}>
                    <input type="hidden" name="_shop" value="remove" />
                    <input type="hidden" name="line" value={line.id} />
                    <button type="submit" className="button button-secondary" id={`${id}-line-${line.id}`} aria-describedby={errorId(id, `line-${line.id}`)}>
                      Remove<span className="visually-hidden">{` ${line.name}`}</span>
                    </button>
                  </form>
                  <p id={errorId(id, `line-${line.id}`)} className="field-error">
                    {error}
                  </p>
                </li>
              );
            })}
          </ul>
        ) : (
          <p id={`${id}-cart`}>
            {errors.cart ?? 'Your cart is empty.'} {view.shop ? <a href={view.shop}>Choose from the shop</a> : null}
          </p>
        )}
        {cart.lines.length ? (
          <>
            <p className="shop-subtotal">
              <span>{`Items (${cart.count})`}</span> <strong>{cart.subtotal}</strong>
            </p>
            <form method="post" action={view.action} className="shop-checkout">
              {/* Under the page's own h1 when the cart has no heading of its own: one level, not two. */}
              {view.titled ? <h2>Delivery and payment</h2> : <h3>Delivery and payment</h3>}
              <PostHidden name="_shop" value="checkout" token={view.token} id={id} />
              <fieldset
                className={`field field-group${checkoutErrors.method ? ' field-has-error' : ''}`}
                id={`${id}-method`}
                aria-describedby={checkoutErrors.method ? errorId(id, 'method') : undefined}
              >
                <legend>
                  How it reaches you<span className="field-required"> (required)</span>
                </legend>
                {cart.methods.map((m, i) => (
                  <div className="field-check" key={m.method}>
                    <input
                      type="radio"
                      id={`${id}-method-${m.method}`}
                      name="method"
                      value={m.method}
                      defaultChecked={(value('method') || cart.methods[0]?.method) === m.method}
                      required={i === 0}
                      aria-describedby={m.note ? `${id}-method-${m.method}-help` : undefined}
                    />
                    <label htmlFor={`${id}-method-${m.method}`}>{`${m.label}: ${m.fee} (total ${m.total})`}</label>
                    {m.note ? (
                      <p className="field-help" id={`${id}-method-${m.method}-help`}>
                        {m.note}
                      </p>
                    ) : null}
                  </div>
                ))}
                {checkoutErrors.method ? (
                  <p id={errorId(id, 'method')} className="field-error">
                    {checkoutErrors.method}
                  </p>
                ) : null}
              </fieldset>
              <Field id={`${id}-name`} label="Name" required error={checkoutErrors.name}>
                {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} maxLength={80} autoComplete="name" />}
              </Field>
              <Field id={`${id}-email`} label="E-mail for the confirmation" required error={checkoutErrors.email}>
                {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} maxLength={254} autoComplete="email" />}
              </Field>
              <Field id={`${id}-phone`} label="Phone" help="Only if something about the delivery needs a call." error={checkoutErrors.phone}>
                {(a) => <input {...a} name="phone" type="tel" defaultValue={value('phone')} maxLength={30} autoComplete="tel" />}
              </Field>
              <Field id={`${id}-street`} label="Street address" required error={checkoutErrors.street}>
                {(a) => <input {...a} name="street" type="text" defaultValue={value('street')} maxLength={120} autoComplete="address-line1" />}
              </Field>
              <Field id={`${id}-town`} label="Town or city" required error={checkoutErrors.town}>
                {(a) => <input {...a} name="town" type="text" defaultValue={value('town')} maxLength={60} autoComplete="address-level2" />}
              </Field>
              <div className="field-row">
                <Field id={`${id}-region`} label={view.words.region} required error={checkoutErrors.region}>
                  {(a) => <input {...a} name="region" type="text" defaultValue={value('region')} maxLength={40} autoComplete="address-level1" />}
                </Field>
                <Field id={`${id}-postalCode`} label={view.words.code.replace(/^./, (c) => c.toUpperCase())} required error={checkoutErrors.postalCode}>
                  {(a) => <input {...a} name="postalCode" type="text" defaultValue={value('postalCode')} maxLength={10} autoComplete="postal-code" />}
                </Field>
              </div>
              <p className="shop-terms">{`You pay on the next page and see the total first. Your items are kept for you for ${view.holdMinutes} minutes while you pay.`}</p>
              <button type="submit" className="button">
                {view.submit}
              </button>
            </form>
          </>
        ) : null}
      </div>
    </section>
  );
}
