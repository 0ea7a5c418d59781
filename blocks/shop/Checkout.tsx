/**
 * The checkout under the cart's lines: the sum of the items, how the order reaches the buyer with
 * each way's fee and total (none for gift cards alone, which go by e-mail), who it is for, where it
 * goes (no address to collect in store: the address is hidden while that way is chosen, and the
 * server asks for none), and whom its gift cards are for. It posts as it is: the buyer pays on the
 * provider's page that the answer leads to.
 */
import { Field, PostHidden } from '../money-form.tsx';
import { errorId, type CartView, type MethodView, type ShopView } from './shop-view.ts';

type Value = (name: string) => string;

/** The ways the order can reach the buyer, as radio buttons: the one answered before, or the first. */
function DeliveryChoice({ id, methods, chosen, error }: { id: string; methods: MethodView[]; chosen: string; error?: string }) {
  return (
    <fieldset
      className={`field field-group${error ? ' field-has-error' : ''}`}
      id={`${id}-method`}
      aria-describedby={error ? errorId(id, 'method') : undefined}
    >
      <legend>
        How it reaches you<span className="field-required"> (required)</span>
      </legend>
      {methods.map((m, i) => (
        <div className="field-check" key={m.method}>
          <input
            type="radio"
            id={`${id}-method-${m.method}`}
            name="method"
            value={m.method}
            defaultChecked={(chosen || methods[0]?.method) === m.method}
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
      {error ? (
        <p id={errorId(id, 'method')} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Who the order is for: their name, e-mail for the confirmation and phone. */
function BuyerFields({ id, errors, value }: { id: string; errors: Record<string, string>; value: Value }) {
  return (
    <>
      <Field id={`${id}-name`} label="Name" required error={errors.name}>
        {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} maxLength={80} autoComplete="name" />}
      </Field>
      <Field id={`${id}-email`} label="E-mail for the confirmation" required error={errors.email}>
        {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} maxLength={254} autoComplete="email" />}
      </Field>
      <Field id={`${id}-phone`} label="Phone" help="Only if something about the order needs a call." error={errors.phone}>
        {(a) => <input {...a} name="phone" type="tel" defaultValue={value('phone')} maxLength={30} autoComplete="tel" />}
      </Field>
    </>
  );
}

/**
 * Where it goes, with the words of the site's country for the region and the code. When a way
 * needs no address (collect in store), the fields are not required by the browser and are hidden
 * while that way is chosen; the server asks for them only for a way that delivers.
 */
function AddressFields({
  id,
  words,
  errors,
  value,
  optional,
}: {
  id: string;
  words: ShopView['words'];
  errors: Record<string, string>;
  value: Value;
  optional: boolean;
}) {
  const required = !optional;
  return (
    <fieldset className="field-group shop-address">
      <legend>{optional ? 'Delivery address (not needed to collect in store)' : 'Delivery address'}</legend>
      <Field id={`${id}-street`} label="Street address" required={required} error={errors.street}>
        {(a) => <input {...a} name="street" type="text" defaultValue={value('street')} maxLength={120} autoComplete="address-line1" />}
      </Field>
      <Field id={`${id}-town`} label="Town or city" required={required} error={errors.town}>
        {(a) => <input {...a} name="town" type="text" defaultValue={value('town')} maxLength={60} autoComplete="address-level2" />}
      </Field>
      <div className="field-row">
        <Field id={`${id}-region`} label={words.region} required={required} error={errors.region}>
          {(a) => <input {...a} name="region" type="text" defaultValue={value('region')} maxLength={40} autoComplete="address-level1" />}
        </Field>
        <Field id={`${id}-postalCode`} label={words.code.replace(/^./, (c) => c.toUpperCase())} required={required} error={errors.postalCode}>
          {(a) => <input {...a} name="postalCode" type="text" defaultValue={value('postalCode')} maxLength={10} autoComplete="postal-code" />}
        </Field>
      </div>
    </fieldset>
  );
}

/** Whom the cart's gift cards are e-mailed to: someone named here, or the buyer when it is left empty. */
function GiftFields({ id, errors, value }: { id: string; errors: Record<string, string>; value: Value }) {
  return (
    <fieldset className="field-group shop-gift" aria-describedby={`${id}-gift-help`}>
      <legend>Who the gift cards are for</legend>
      <p className="field-help" id={`${id}-gift-help`}>
        Each gift card is e-mailed with its code and a PDF to print. Leave these empty to have them e-mailed to you.
      </p>
      <Field id={`${id}-giftName`} label="Their name" error={errors.giftName}>
        {(a) => <input {...a} name="giftName" type="text" defaultValue={value('giftName')} maxLength={80} />}
      </Field>
      <Field id={`${id}-giftEmail`} label="Their e-mail" error={errors.giftEmail}>
        {(a) => <input {...a} name="giftEmail" type="email" defaultValue={value('giftEmail')} maxLength={254} />}
      </Field>
      <Field id={`${id}-giftMessage`} label="A message for them" help="Up to 300 characters, printed on the card." error={errors.giftMessage}>
        {(a) => <textarea {...a} name="giftMessage" defaultValue={value('giftMessage')} maxLength={300} rows={3} />}
      </Field>
    </fieldset>
  );
}

/** The items' sum and the checkout form, with the messages about its own fields (the lines show theirs). */
export function Checkout({ view, cart, errors, value }: { view: ShopView; cart: CartView; errors: Record<string, string>; value: Value }) {
  const { id } = view;
  const checkoutErrors = Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('line-') && k !== 'cart'));
  return (
    <>
      <p className="shop-subtotal">
        <span>{`Items (${cart.count})`}</span> <strong>{cart.subtotal}</strong>
      </p>
      <form method="post" action={view.action} className="shop-checkout">
        {/* Under the page's own h1 when the cart has no heading of its own: one level, not two. */}
        {view.titled ? <h2>Delivery and payment</h2> : <h3>Delivery and payment</h3>}
        <PostHidden name="_shop" value="checkout" token={view.token} id={id} />
        {cart.methods.length ? (
          <DeliveryChoice id={id} methods={cart.methods} chosen={value('method')} error={checkoutErrors.method} />
        ) : (
          <p className="shop-by-email">Gift cards are e-mailed with their codes as soon as you have paid: there is nothing to deliver.</p>
        )}
        <BuyerFields id={id} errors={checkoutErrors} value={value} />
        {cart.methods.some((m) => !m.noAddress) ? (
          <AddressFields id={id} words={view.words} errors={checkoutErrors} value={value} optional={cart.methods.some((m) => m.noAddress)} />
        ) : null}
        {cart.gifts ? <GiftFields id={id} errors={checkoutErrors} value={value} /> : null}
        <p className="shop-terms">{`You pay on the next page and see the total first. Your items are kept for you for ${view.holdMinutes} minutes while you pay.`}</p>
        <button type="submit" className="button">
          {view.submit}
        </button>
      </form>
    </>
  );
}
