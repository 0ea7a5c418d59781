/**
 * The visitor's order so far: each line with its options, a quantity to change and a button to
 * remove it, the lines set aside, and the total, with what is still short of the minimum. Every
 * change is a form of its own; the island sends it in place and reads the new cart back.
 */
import type { FormEvent } from 'react';
import type { VisitorState } from '../contract.ts';
import type { CartView } from './view-types.ts';

export interface CartPanelProps {
  cart: CartView;
  id: string;
  action: string;
  blockKey: string;
  /** A refused change: the line it was for (values.line) gets its messages. */
  state?: VisitorState;
  /** What the last change did, read out as it happens ("Added to your order: 2 × Falafel."). */
  news: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

export function CartPanel({ cart, id, action, blockKey, state, news, onSubmit }: CartPanelProps) {
  const line = typeof state?.values?.line === 'string' ? state.values.line : undefined;
  return (
    <section className="order-cart" id={`${id}-cart`} aria-labelledby={`${id}-cart-heading`} tabIndex={-1}>
      <h3 id={`${id}-cart-heading`}>Your order</h3>
      <p className="order-news" role="status">
        {news}
      </p>
      {state?.problem && state.values?.do !== 'place' && state.values?.do !== 'add' ? (
        <p className="field-error" role="alert">
          {state.problem}
        </p>
      ) : null}
      {cart.lines.length ? (
        <ul className="order-lines">
          {cart.lines.map((l) => {
            const error = line === l.id ? state?.errors?.quantity : undefined;
            const field = `${id}-line-${l.id}`;
            return (
              <li key={l.id} className="order-line">
                <p className="order-line-head">
                  <span className="order-line-name">{l.name}</span> <span className="order-line-total">{l.total}</span>
                </p>
                {l.options.length ? <p className="order-line-options">{l.options.join(', ')}</p> : null}
                <div className="order-line-actions">
                  <form method="post" action={action} onSubmit={onSubmit} className={`order-line-change${error ? ' field-has-error' : ''}`}>
                    <input type="hidden" name="_order" value={blockKey} />
                    <input type="hidden" name="do" value="change" />
                    <input type="hidden" name="line" value={l.id} />
                    <label htmlFor={`${field}-quantity`}>
                      Quantity<span className="visually-hidden"> of {l.name}</span>
                    </label>
                    <input
                      id={`${field}-quantity`}
                      name="quantity"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={20}
                      defaultValue={String(l.quantity)}
                      key={`${l.id}-${l.quantity}`}
                      aria-describedby={error ? `${field}-quantity-error` : undefined}
                      aria-invalid={error ? true : undefined}
                    />
                    <button type="submit" className="button button-secondary" aria-describedby={`${field}-name`}>
                      Update
                    </button>
                    {error ? (
                      <p id={`${field}-quantity-error`} className="field-error">
                        {error}
                      </p>
                    ) : null}
                  </form>
                  <form method="post" action={action} onSubmit={onSubmit}>
                    <input type="hidden" name="_order" value={blockKey} />
                    <input type="hidden" name="do" value="remove" />
                    <input type="hidden" name="line" value={l.id} />
                    <button type="submit" className="button button-secondary">
                      Remove<span className="visually-hidden"> {l.name}</span>
                    </button>
                  </form>
                </div>
                <span id={`${field}-name`} hidden>
                  {l.name}
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>Nothing yet: add dishes from the menu.</p>
      )}
      {cart.unavailable.length ? (
        <ul className="order-lines order-unavailable">
          {cart.unavailable.map((u) => (
            <li key={u.id} className="order-line">
              <p>
                <strong>{u.name}</strong>: {u.note}
              </p>
              <form method="post" action={action} onSubmit={onSubmit}>
                <input type="hidden" name="_order" value={blockKey} />
                <input type="hidden" name="do" value="remove" />
                <input type="hidden" name="line" value={u.id} />
                <button type="submit" className="button button-secondary">
                  Remove<span className="visually-hidden"> {u.name}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="order-total">
        <span>Total{cart.count ? ` (${cart.count} ${cart.count === 1 ? 'item' : 'items'})` : ''}</span> <strong>{cart.subtotal}</strong>
      </p>
      {cart.short ? <p className="order-short">{cart.short}</p> : null}
    </section>
  );
}
