/**
 * The plain HTML pieces of the forms that take money: a labelled field with its hint and message,
 * the error summary, the hidden fields every post carries, and the test-mode note. No server code:
 * islands render them in the browser too.
 */
import type { ReactNode } from 'react';
import type { VisitorState } from './contract.ts';

export function TestModeText() {
  return (
    <p className="test-mode" role="note">
      <strong>Test mode.</strong> Payments here are practice runs: no card is charged.
    </p>
  );
}

export function ErrorSummary({ id, state, fields }: { id: string; state?: VisitorState; fields: Record<string, string> }) {
  const errors = Object.entries(state?.errors ?? {});
  if (!errors.length && !state?.problem) return null;
  return (
    <div className="form-errors" role="alert" tabIndex={-1} autoFocus>
      <h3>{state?.problem ?? `There ${errors.length === 1 ? 'is a problem' : `are ${errors.length} problems`} with your answers`}</h3>
      {errors.length ? (
        <ul>
          {errors.map(([name, message]) => (
            <li key={name}>
              <a href={`#${id}-${fields[name] ?? name}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled field with its hint and message, as the form block draws them. */
export function Field({
  id,
  label,
  required,
  help,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  help?: string;
  error?: string;
  children: (described: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; required?: boolean }) => ReactNode;
}) {
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="field-required"> (required)</span> : null}
      </label>
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined, required })}
      {help ? (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The hidden parts of every money form: which block it is for, the signed time stamp, and the trap for robots. */
export function PostHidden({ name, value, token, id }: { name: string; value: string; token: string; id: string }) {
  return (
    <>
      <input type="hidden" name={name} value={value} />
      <input type="hidden" name="_t" value={token} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this empty</label>
        <input id={`${id}-website`} name="_hp" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

export interface OrderLine {
  key: string;
  /** The thing bought, with anything shown beside its name (the options of a dish). */
  name: ReactNode;
  quantity: number | string;
  total: string;
}

/** What an order holds, as a table: a line per thing bought, then the sums (items, delivery, total). */
export function OrderLinesTable({
  caption,
  thing,
  lines,
  sums,
  className = 'checkout-lines',
}: {
  caption: string;
  /** The first column's heading: Item, Dish. */
  thing: string;
  lines: readonly OrderLine[];
  sums: readonly { label: string; value: string }[];
  className?: string;
}) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{thing}</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.key}>
            <th scope="row">{l.name}</th>
            <td>{l.quantity}</td>
            <td className="amount">{l.total}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {sums.map((sum, i) => (
          <tr key={i}>
            <th scope="row" colSpan={2}>
              {sum.label}
            </th>
            <td className="amount">{sum.value}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
