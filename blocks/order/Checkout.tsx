/**
 * Placing the order: pickup or delivery (with the ZIP codes delivered to), a time from the
 * kitchen's list for the coming days in the restaurant's zone, the guest's details, a note for the
 * kitchen, and how to pay. A plain form in every browser: it goes on to the checkout, or to the
 * order's own page when it is paid at pickup.
 */
import { ErrorSummary, Field, PostHidden, TestModeText } from '../money-form.tsx';
import type { VisitorState } from '../contract.ts';
import type { CheckoutView } from './view-types.ts';

export interface CheckoutProps {
  checkout: CheckoutView;
  id: string;
  action: string;
  blockKey: string;
  token: string;
  testMode: boolean;
  /** A refused order: the answers to show again and the messages beside their fields. */
  state?: VisitorState;
}

const PAYMENT_WORDS = { online: 'Pay online now', 'at-pickup': 'Pay when I collect it' } as const;

export function Checkout({ checkout, id, action, blockKey, token, testMode, state }: CheckoutProps) {
  const value = (name: string) => {
    const v = state?.values?.[name];
    return typeof v === 'string' ? v : '';
  };
  const error = (name: string) => state?.errors?.[name];
  const delivery = checkout.delivery;
  const fulfilment = value('fulfilment') === 'delivery' && delivery ? 'delivery' : 'pickup';
  const form = `${id}-checkout`;
  return (
    <section className="order-checkout" aria-labelledby={`${form}-heading`}>
      <h3 id={`${form}-heading`}>{delivery ? 'Pickup or delivery' : 'Pickup'}</h3>
      {testMode ? <TestModeText /> : null}
      <form method="post" action={action} id={form}>
        <ErrorSummary id={form} state={state} fields={{}} />
        <PostHidden name="_order" value={blockKey} token={token} id={form} />
        <input type="hidden" name="do" value="place" />
        {error('cart') ? (
          <p className="field-error" id={`${form}-cart`}>
            {error('cart')}
          </p>
        ) : null}
        {delivery ? (
          <fieldset className={`field field-group${error('fulfilment') ? ' field-has-error' : ''}`} id={`${form}-fulfilment`}>
            <legend>How would you like it?</legend>
            <div className="field-check">
              <input type="radio" id={`${form}-pickup`} name="fulfilment" value="pickup" defaultChecked={fulfilment === 'pickup'} />
              <label htmlFor={`${form}-pickup`}>Pickup from the restaurant</label>
            </div>
            <div className="field-check">
              <input type="radio" id={`${form}-delivery`} name="fulfilment" value="delivery" defaultChecked={fulfilment === 'delivery'} />
              <label htmlFor={`${form}-delivery`}>
                Delivery: {delivery.fee === 'free' ? 'free' : `${delivery.fee} fee`}
                {delivery.minimum ? `, orders from ${delivery.minimum}` : ''}
              </label>
            </div>
            {error('fulfilment') ? <p className="field-error">{error('fulfilment')}</p> : null}
          </fieldset>
        ) : (
          <input type="hidden" name="fulfilment" value="pickup" />
        )}
        {delivery ? (
          <div className="order-address">
            <Field id={`${form}-postcode`} label="ZIP code (for delivery)" help={`We deliver to ${delivery.postcodes.join(', ')}.`} error={error('postcode')}>
              {(a) => <input {...a} name="postcode" type="text" defaultValue={value('postcode')} maxLength={12} autoComplete="postal-code" />}
            </Field>
            <Field id={`${form}-address`} label="Street address (for delivery)" error={error('address')}>
              {(a) => <input {...a} name="address" type="text" defaultValue={value('address')} maxLength={200} autoComplete="address-line1" />}
            </Field>
          </div>
        ) : null}
        {checkout.days.length ? (
          <Field
            id={`${form}-slot`}
            label={`Time (${checkout.zone})`}
            required
            help={`Times leave the kitchen ${checkout.leadMinutes} minutes to cook.${checkout.minimum ? ` The minimum order is ${checkout.minimum}.` : ''}`}
            error={error('slot')}
          >
            {(a) => (
              <select {...a} name="slot" defaultValue={value('slot')} key={value('slot')}>
                <option value="">Choose a time</option>
                {checkout.days.map((day) => (
                  <optgroup key={day.date} label={day.label}>
                    {day.times.map((t) => (
                      <option key={t.id} value={t.id} disabled={t.full || undefined}>
                        {t.full ? `${t.label} (full)` : t.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <p className="order-closed" id={`${form}-slot`}>
            The kitchen takes no more orders for now: please see our opening hours.
            {error('slot') ? <span className="field-error"> {error('slot')}</span> : null}
          </p>
        )}
        <Field id={`${form}-name`} label="Name for the order" required error={error('name')}>
          {(a) => <input {...a} name="name" type="text" defaultValue={value('name')} maxLength={80} autoComplete="name" />}
        </Field>
        <Field id={`${form}-email`} label="E-mail for the confirmation" required error={error('email')}>
          {(a) => <input {...a} name="email" type="email" defaultValue={value('email')} maxLength={254} autoComplete="email" />}
        </Field>
        <Field id={`${form}-phone`} label={delivery ? 'Phone (needed for delivery)' : 'Phone'} error={error('phone')}>
          {(a) => <input {...a} name="phone" type="tel" defaultValue={value('phone')} maxLength={30} autoComplete="tel" />}
        </Field>
        <Field id={`${form}-note`} label="Note for the kitchen" help="Allergies, no onions, cutlery: we read every note." error={error('note')}>
          {(a) => <textarea {...a} name="note" rows={3} maxLength={500} defaultValue={value('note')} />}
        </Field>
        {checkout.payment.length > 1 ? (
          <fieldset className={`field field-group${error('payment') ? ' field-has-error' : ''}`} id={`${form}-payment`}>
            <legend>How would you like to pay?</legend>
            {checkout.payment.map((way, i) => (
              <div className="field-check" key={way}>
                <input
                  type="radio"
                  id={`${form}-payment-${way}`}
                  name="payment"
                  value={way}
                  defaultChecked={value('payment') ? value('payment') === way : i === 0}
                />
                <label htmlFor={`${form}-payment-${way}`}>{PAYMENT_WORDS[way]}</label>
              </div>
            ))}
            {delivery ? <p className="field-help">Delivery orders are paid online.</p> : null}
            {error('payment') ? <p className="field-error">{error('payment')}</p> : null}
          </fieldset>
        ) : (
          <p className="field-help">{checkout.payment[0] === 'online' ? 'You pay online on the next page.' : 'You pay when you collect your order.'}</p>
        )}
        <button type="submit" className="button">
          {checkout.submit}
        </button>
      </form>
    </section>
  );
}
