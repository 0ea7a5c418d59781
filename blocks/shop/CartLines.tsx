/**
 * The lines of the cart: each with its price, what is left, a quantity to change and a button to
 * take it out; the lines that can no longer be bought, with why; or the note that the cart is empty.
 * Each change is a form of its own, posted as it is or sent by the island's `change`.
 */
import type { FormEvent } from 'react';
import { errorId, type CartLineView, type CartView, type GoneLineView, type ShopView } from './shop-view.ts';

type Change = (event: FormEvent<HTMLFormElement>) => Promise<void>;

/** What every line shows the same: where it posts, the messages by field, and what sends a change. */
interface LineContext {
  id: string;
  action: string;
  change: Change;
}

function CartLine({ id, action, change, line, error }: LineContext & { line: CartLineView; error?: string }) {
  const field = `${id}-line-${line.id}`;
  return (
    <li className={`shop-line${error ? ' field-has-error' : ''}`}>
      <p className="shop-line-name">
        <strong>{line.href ? <a href={line.href}>{line.name}</a> : line.name}</strong>
        <span className="shop-line-facts">{`${line.unit} each · ${line.note}`}</span>
      </p>
      <form method="post" action={action} className="shop-line-change" onSubmit={(event) => void change(event)}>
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
      <form method="post" action={action} className="shop-line-remove" onSubmit={(event) => void change(event)}>
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
}

function GoneLine({ id, action, change, line, error }: LineContext & { line: GoneLineView; error: string }) {
  return (
    <li className="shop-line shop-line-gone field-has-error">
      <p className="shop-line-name">
        <strong>{line.name}</strong>
      </p>
      <form method="post" action={action} className="shop-line-remove" onSubmit={(event) => void change(event)}>
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
}

/** The cart's lines, or the note that it is empty (with the same id: the error summary links to it). */
export function CartLines({
  view,
  cart,
  errors,
  busy,
  change,
}: {
  view: ShopView;
  cart: CartView;
  errors: Record<string, string>;
  busy: boolean;
  change: Change;
}) {
  const { id, action } = view;
  if (!cart.lines.length && !cart.gone.length)
    return (
      <p id={`${id}-cart`}>
        {errors.cart ?? 'Your cart is empty.'} {view.shop ? <a href={view.shop}>Choose from the shop</a> : null}
      </p>
    );
  return (
    <ul className="shop-lines" id={`${id}-cart`} aria-busy={busy || undefined}>
      {cart.lines.map((line) => (
        <CartLine key={line.id} id={id} action={action} change={change} line={line} error={errors[`line-${line.id}`]} />
      ))}
      {cart.gone.map((line) => (
        <GoneLine key={line.id} id={id} action={action} change={change} line={line} error={errors[`line-${line.id}`] ?? line.reason} />
      ))}
    </ul>
  );
}
