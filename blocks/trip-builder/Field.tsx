import type { ReactNode } from 'react';

export interface Described {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  required?: boolean;
}

/**
 * A labelled field with its hint and message, drawn as every form of the site draws them. The
 * island's own copy: the shared one in money.tsx brings the Markdown renderer to the browser.
 */
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
  children: (described: Described) => ReactNode;
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

/** The messages of a refused plan or post, each a link to its field; focused when it appears. */
export function Problems({ id, errors, problem }: { id: string; errors: Record<string, string>; problem?: string }) {
  const entries = Object.entries(errors);
  if (!entries.length && !problem) return null;
  return (
    <div className="form-errors" role="alert" tabIndex={-1} autoFocus>
      <h3>{problem ?? `There ${entries.length === 1 ? 'is a problem' : `are ${entries.length} problems`} with your answers`}</h3>
      {entries.length ? (
        <ul>
          {entries.map(([name, message]) => (
            <li key={name}>
              <a href={`#${id}-${name}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
