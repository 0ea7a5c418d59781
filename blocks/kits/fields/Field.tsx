/**
 * One question of a form as the visitor sees it: a labelled control of the question's kind (a text
 * box, a list, radio buttons, boxes to tick, a file), its hint, and its message after a check.
 */
import type { ReactNode } from 'react';
import { defaultMax } from './rules.ts';
import type { FormField } from './schema.ts';
import { asText } from '../../../runtime/text.ts';

/** The id of a question's control, which the error summary links to. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;

/** One question with its label, its hint and its message: the kind of control is the question's kind. */
export function Field({ form, field, value, error }: { form: string; field: FormField; value: unknown; error?: string }) {
  const id = fieldId(form, field.name);
  const help = field.help ? `${id}-help` : undefined;
  const err = error ? `${id}-error` : undefined;
  const describedBy = [help, err].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: field.required || field.kind === 'consent',
  };
  const label = (
    <>
      {field.label}
      {field.required && field.kind !== 'consent' ? <span className="field-required"> (required)</span> : null}
    </>
  );
  const notes = (
    <>
      {field.help ? (
        <p id={help} className="field-help">
          {field.help}
        </p>
      ) : null}
      {error ? (
        <p id={err} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
  const text = value === undefined || value === null ? '' : asText(value);

  if (field.kind === 'radio' || field.kind === 'checkboxes') {
    const chosen = new Set(Array.isArray(value) ? value.map(String) : text ? [text] : []);
    return (
      <fieldset className={`field field-group${error ? ' field-has-error' : ''}`} aria-describedby={describedBy}>
        <legend>{label}</legend>
        {(field.options ?? []).map((option, i) => (
          <div className="field-check" key={option}>
            <input
              type={field.kind === 'radio' ? 'radio' : 'checkbox'}
              id={`${id}-${i}`}
              name={field.name}
              value={option}
              defaultChecked={chosen.has(option)}
              required={field.kind === 'radio' && field.required}
              aria-invalid={error ? true : undefined}
            />
            <label htmlFor={`${id}-${i}`}>{option}</label>
          </div>
        ))}
        {notes}
      </fieldset>
    );
  }
  if (field.kind === 'checkbox' || field.kind === 'consent') {
    return (
      <div className={`field field-check${error ? ' field-has-error' : ''}`}>
        <input type="checkbox" {...common} defaultChecked={value === true} />
        <label htmlFor={id}>{label}</label>
        {notes}
      </div>
    );
  }
  let control: ReactNode;
  if (field.kind === 'textarea') {
    control = <textarea {...common} rows={6} defaultValue={text} placeholder={field.placeholder} maxLength={defaultMax(field)} />;
  } else if (field.kind === 'select') {
    control = (
      <select {...common} defaultValue={text}>
        <option value="">Choose…</option>
        {(field.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'file') {
    const many = (field.maxFiles ?? 1) > 1;
    control = <input {...common} type="file" multiple={many} accept={(field.accept ?? ['image/jpeg', 'image/png', 'image/webp']).join(',')} />;
  } else {
    const type = { email: 'email', phone: 'tel', number: 'number', date: 'date', time: 'time' }[field.kind as string] ?? 'text';
    const auto = { email: 'email', phone: 'tel' }[field.kind as string] ?? (/name/i.test(field.name) ? 'name' : undefined);
    control = (
      <input
        {...common}
        type={type}
        defaultValue={text}
        placeholder={field.placeholder}
        autoComplete={auto}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        min={field.min}
        max={field.max}
        maxLength={type === 'number' || type === 'date' || type === 'time' ? undefined : defaultMax(field)}
      />
    );
  }
  return (
    <div className={`field${error ? ' field-has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {notes}
    </div>
  );
}
