/**
 * A product's own page as the visitor sees it, drawn from a view the server works out (`view.ts`):
 * its pictures, its choices with their prices and what is left, the delivery fee, its description,
 * and the form that puts it in the cart. Without JavaScript the form posts and the page comes back
 * saying what was added; in the browser the same post is sent by fetch and the news is read out.
 */
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '../money-form.tsx';
import type { VisitorState } from '../contract.ts';
import type { ImageView } from '../../runtime/images/view.ts';
import { Picture } from '../../runtime/render/Picture.tsx';

export interface VariantView {
  sku: string;
  label: string;
  price: string;
  /** What is left, in words. */
  note: string;
  soldOut: boolean;
}

export interface ProductView {
  id: string;
  action: string;
  slug: string;
  name: string;
  images: ImageView[];
  summary?: string;
  descriptionHtml: string;
  price: string;
  variants: VariantView[];
  delivery: string;
  most: number;
  cart: string;
  count: number;
  added?: string;
  submit: string;
  state?: VisitorState;
  back?: { label: string; href: string };
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The messages of the last post, what it added, the cart's count, whether a post is on its way, and what sends one. */
function useAdding(view: ProductView | undefined) {
  const [errors, setErrors] = useState<Record<string, string>>(view?.state?.errors ?? {});
  const [added, setAdded] = useState(view?.added ?? '');
  const [count, setCount] = useState(view?.count ?? 0);
  const [busy, setBusy] = useState(false);

  /** The post, sent by fetch; any failure falls back to the plain post. */
  const add = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await fetch(form.action, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString(),
      });
      const json = (await answer.json()) as { ok: boolean; message?: string; count?: number; errors?: Record<string, string>; problem?: string };
      if (json.ok) {
        setErrors({});
        setAdded(json.message ?? 'Added to your cart.');
        if (typeof json.count === 'number') setCount(json.count);
      } else {
        setAdded('');
        setErrors(json.errors ?? { quantity: json.problem ?? 'That could not be added. Please try again.' });
      }
    } catch {
      form.submit();
    } finally {
      setBusy(false);
    }
  };
  return { errors, added, count, busy, add };
}

/** Every choice with its price and what is left of it. */
function VariantTable({ variants }: { variants: VariantView[] }) {
  return (
    <table className="checkout-lines product-variants">
      <caption>{variants.length === 1 ? 'Price and stock' : 'Choices, prices and stock'}</caption>
      <thead>
        <tr>
          <th scope="col">Choice</th>
          <th scope="col">Price</th>
          <th scope="col">Availability</th>
        </tr>
      </thead>
      <tbody>
        {variants.map((v) => (
          <tr key={v.sku}>
            <th scope="row">{v.label}</th>
            <td>{v.price}</td>
            <td className={v.soldOut ? 'product-sold-out' : undefined}>{v.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The choices as radio buttons, those sold out disabled; the one answered before, or the first on sale, chosen. */
function VariantChoice({ id, variants, chosen, error }: { id: string; variants: VariantView[]; chosen?: string; error?: string }) {
  return (
    <fieldset
      className={`field field-group${error ? ' field-has-error' : ''}`}
      id={`${id}-variant`}
      aria-describedby={error ? `${id}-variant-error` : undefined}
    >
      <legend>
        Choose one<span className="field-required"> (required)</span>
      </legend>
      {variants.map((v, i) => (
        <div className="field-check" key={v.sku}>
          <input
            type="radio"
            id={`${id}-variant-${v.sku}`}
            name="variant"
            value={v.sku}
            disabled={v.soldOut}
            defaultChecked={!v.soldOut && v.sku === chosen}
            required={i === 0 || undefined}
          />
          <label htmlFor={`${id}-variant-${v.sku}`}>{`${v.label}: ${v.price} (${v.note})`}</label>
        </div>
      ))}
      {error ? (
        <p id={`${id}-variant-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** How many to add, from one to the most one order may hold. */
function QuantityField({ id, most, value, error }: { id: string; most: number; value: string; error?: string }) {
  return (
    <div className={`field${error ? ' field-has-error' : ''}`}>
      <label htmlFor={`${id}-quantity`}>
        Quantity<span className="field-required"> (required)</span>
      </label>
      <input
        id={`${id}-quantity`}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={most}
        required
        defaultValue={value || '1'}
        aria-describedby={[`${id}-quantity-help`, error ? `${id}-quantity-error` : undefined].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-quantity-help`} className="field-help">{`Up to ${most} in one order.`}</p>
      {error ? (
        <p id={`${id}-quantity-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form that puts the product in the cart: the choice (hidden when there is only one) and the quantity. */
function AddForm({
  view,
  errors,
  busy,
  add,
}: {
  view: ProductView;
  errors: Record<string, string>;
  busy: boolean;
  add: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  const { id, state } = view;
  const value = (name: string) => {
    const v = state?.values?.[name];
    return typeof v === 'string' ? v : '';
  };
  const chosen = value('variant') || view.variants.find((v) => !v.soldOut)?.sku;
  return (
    <form method="post" action={view.action} className="product-form" onSubmit={(event) => void add(event)} aria-busy={busy || undefined}>
      <ErrorSummary id={id} state={Object.keys(errors).length ? { errors } : undefined} fields={{ product: 'quantity' }} />
      <input type="hidden" name="_shop" value="add" />
      <input type="hidden" name="product" value={view.slug} />
      {view.variants.length === 1 ? (
        <input type="hidden" name="variant" value={view.variants[0]?.sku} />
      ) : (
        <VariantChoice id={id} variants={view.variants} chosen={chosen} error={errors.variant} />
      )}
      <QuantityField id={id} most={view.most} value={value('quantity')} error={errors.quantity} />
      {errors.product ? <p className="field-error">{errors.product}</p> : null}
      <button type="submit" className="button">
        {view.submit}
      </button>
    </form>
  );
}

/** The island: `view` comes from the server (`islandProps`); the YAML props travel beside it and are not read. */
export function ProductPanel({ view }: { view?: ProductView; [yaml: string]: unknown }) {
  const { errors, added, count, busy, add } = useAdding(view);
  if (!view) return null;
  return (
    <div className="product-block" id={view.id}>
      <div className="container product-layout">
        {view.images.length ? (
          <div className="product-media">
            {view.images.map((image, i) => (
              <Picture key={image.src} view={image} eager={i === 0} />
            ))}
          </div>
        ) : null}
        <div className="product-buy">
          {view.summary ? <p className="lede">{view.summary}</p> : null}
          <p className="product-price">{view.price}</p>
          <h2 className="product-buy-heading">Order online</h2>
          <VariantTable variants={view.variants} />
          <p className="product-delivery">{view.delivery}</p>
          <div role="status">
            {added ? (
              <p className="product-added notice">
                {added} <a href={view.cart}>View your cart</a>
              </p>
            ) : null}
          </div>
          {view.variants.some((v) => !v.soldOut) ? (
            <AddForm view={view} errors={errors} busy={busy} add={add} />
          ) : (
            <p className="notice product-sold-out">Sold out. Please check back soon, or call us to ask when more arrive.</p>
          )}
          <p className="product-cart-link">
            <a href={view.cart}>{count ? `Your cart (${items(count)})` : 'Your cart'}</a>
          </p>
        </div>
      </div>
      <div className="container narrow product-description">
        <h2>About this product</h2>
        <div className="prose" dangerouslySetInnerHTML={{ __html: view.descriptionHtml }} />
        {view.back ? (
          <p className="more-link">
            <a href={view.back.href}>{view.back.label}</a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
