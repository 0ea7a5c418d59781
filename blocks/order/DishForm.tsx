/**
 * One dish of the order page: its name, price, description and diets, and a form that adds it to
 * the cart with its options and a quantity. Without JavaScript the form posts and the page comes
 * back; with it the island sends the same fields and the button's price follows the choices.
 */
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../runtime/payments/money.ts';
import { Tags } from '../kits/menu/dietary.tsx';
import type { VisitorState } from '../contract.ts';
import type { DishView, GroupView } from './view-types.ts';

export interface DishFormProps {
  dish: DishView;
  /** The prefix of its fields' ids. */
  id: string;
  action: string;
  blockKey: string;
  currency: string;
  locale: string;
  /** A refused post for this dish: the answers to show again and the messages beside their fields. */
  state?: VisitorState;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

const answer = (state: VisitorState | undefined, name: string): string[] => {
  const v = state?.values?.[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : [];
};

/** One dish's price with the choices ticked in its form, times its quantity (display only: the server prices the order). */
function priceOf(dish: DishView, form: HTMLFormElement): number {
  const data = new FormData(form);
  const extra = dish.groups.reduce((sum, g) => sum + data.getAll(`option-${g.id}`).reduce((s, v) => s + (g.choices.find((c) => c.id === v)?.delta ?? 0), 0), 0);
  const quantity = Number(data.get('quantity'));
  return Math.max(0, (dish.amount ?? 0) + extra) * (Number.isInteger(quantity) && quantity > 0 && quantity <= 20 ? quantity : 1);
}

/** What a group's choices start with: the visitor's last answer, else the first choice of a required pick-one group. */
function startsWith(group: GroupView, state: VisitorState | undefined): string[] {
  const given = answer(state, `option-${group.id}`);
  if (given.length || state?.values) return given;
  return group.pick === 'one' && group.required && group.choices[0] ? [group.choices[0].id] : [];
}

function startPrice(dish: DishView, state: VisitorState | undefined): number {
  const extra = dish.groups.reduce((sum, g) => sum + startsWith(g, state).reduce((s, id) => s + (g.choices.find((c) => c.id === id)?.delta ?? 0), 0), 0);
  const quantity = Number(answer(state, 'quantity')[0] ?? 1);
  return Math.max(0, (dish.amount ?? 0) + extra) * (Number.isInteger(quantity) && quantity > 0 && quantity <= 20 ? quantity : 1);
}

function Group({ group, id, state }: { group: GroupView; id: string; state?: VisitorState }) {
  const field = `option-${group.id}`;
  const error = state?.errors?.[field];
  const chosen = startsWith(group, state);
  return (
    <fieldset className={`order-options${error ? ' field-has-error' : ''}`} id={`${id}-${field}`} aria-describedby={error ? `${id}-${field}-error` : undefined}>
      <legend>
        {group.name}
        {group.required ? <span className="field-required"> (required)</span> : group.pick === 'any' && group.max ? ` (up to ${group.max})` : null}
      </legend>
      {group.choices.map((choice) => (
        <div className="field-check" key={choice.id}>
          <input
            type={group.pick === 'one' ? 'radio' : 'checkbox'}
            id={`${id}-${field}-${choice.id}`}
            name={field}
            value={choice.id}
            defaultChecked={chosen.includes(choice.id)}
          />
          <label htmlFor={`${id}-${field}-${choice.id}`}>
            {choice.name}
            {choice.note ? <span className="order-option-price"> ({choice.note})</span> : null}
          </label>
        </div>
      ))}
      {error ? (
        <p id={`${id}-${field}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function DishForm({ dish, id, action, blockKey, currency, locale, state, onSubmit }: DishFormProps) {
  const [price, setPrice] = useState(() => startPrice(dish, state));
  const nameId = `${id}-name`;
  const itemError = state?.errors?.item;
  const quantityError = state?.errors?.quantity;
  return (
    <li className={`order-dish${dish.soldOut ? ' order-dish-sold-out' : ''}`} id={id}>
      <div className="order-dish-head">
        <h4 id={nameId}>{dish.name}</h4>
        <span className="order-dish-price">{dish.price}</span>
      </div>
      {dish.description ? <p className="order-dish-description">{dish.description}</p> : null}
      {dish.dietary.length ? <Tags tags={dish.dietary} /> : null}
      {dish.soldOut ? (
        <p className="order-dish-status">
          <strong>Sold out today</strong>
        </p>
      ) : !dish.orderable ? (
        <p className="order-dish-status">Not available to order online.</p>
      ) : (
        <form method="post" action={action} className="order-dish-form" onSubmit={onSubmit} onChange={(e) => setPrice(priceOf(dish, e.currentTarget))}>
          <input type="hidden" name="_order" value={blockKey} />
          <input type="hidden" name="do" value="add" />
          <input type="hidden" name="item" value={dish.id} />
          {itemError ? (
            <p className="field-error" id={`${id}-item`} role="alert">
              {itemError}
            </p>
          ) : null}
          {dish.groups.map((group) => (
            <Group key={group.id} group={group} id={id} state={state} />
          ))}
          <div className="order-add">
            <div className={`field order-quantity${quantityError ? ' field-has-error' : ''}`}>
              <label htmlFor={`${id}-quantity`}>
                Quantity<span className="visually-hidden"> of {dish.name}</span>
              </label>
              <input
                id={`${id}-quantity`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={20}
                defaultValue={answer(state, 'quantity')[0] ?? '1'}
                aria-describedby={quantityError ? `${id}-quantity-error` : undefined}
                aria-invalid={quantityError ? true : undefined}
              />
              {quantityError ? (
                <p id={`${id}-quantity-error`} className="field-error">
                  {quantityError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button" aria-describedby={nameId}>
              Add to order · {formatMoney(price, currency, locale)}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
