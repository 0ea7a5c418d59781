/**
 * A shop's cart and checkout as the visitor sees them, drawn from a view the server works out
 * (`view.ts`): the lines with their quantities and what is left, the delivery choices with their
 * fees, the buyer's details; or one order named by its signed link. Without JavaScript each change
 * is a form post answered with the page; in the browser the same posts are sent by fetch, answered
 * with the cart as JSON, and the change is read out to screen readers.
 */
import { useState, type FormEvent } from 'react';
import { ErrorSummary, TestModeText } from '../money-form.tsx';
import type { VisitorState } from '../contract.ts';
import { CartLines } from './CartLines.tsx';
import { Checkout } from './Checkout.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import type { CartView, ShopView } from './shop-view.ts';

/** The cart as last answered, its messages, whether a change is on its way, the news for screen readers, and what sends a change. */
function useCart(view: ShopView | undefined) {
  const [cart, setCart] = useState(view?.cart);
  const [errors, setErrors] = useState<Record<string, string>>(view?.state?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [news, setNews] = useState('');

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
  return { cart, errors, busy, news, change };
}

/** The island: `view` comes from the server (`islandProps`); the YAML props travel beside it and are not read. */
export function ShopCart({ view }: { view?: ShopView; [yaml: string]: unknown }) {
  const { cart, errors, busy, news, change } = useCart(view);
  if (!view || !cart) return null;
  if (view.order || view.unknownOrder) return <OrderPanel view={view} order={view.order} />;
  const { id } = view;
  const state = view.state;
  const value = (name: string) => {
    const v = state?.values?.[name];
    return typeof v === 'string' ? v : '';
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
        <CartLines view={view} cart={cart} errors={errors} busy={busy} change={change} />
        {cart.lines.length ? <Checkout view={view} cart={cart} errors={errors} value={value} /> : null}
      </div>
    </section>
  );
}
