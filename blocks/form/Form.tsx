import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type RefObject } from 'react';
import { withDates, todayIn } from '../kits/fields/dates.ts';
import { Field, fieldId } from '../kits/fields/Field.tsx';
import { checkField } from '../kits/fields/rules.ts';
import { allFields, type FormField, type FormProps } from './schema.ts';

/** What the server knows about this form for this request: the visitor's answers and what was wrong. */
export interface FormState {
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  /** A problem with the whole form (full, too large, too old). */
  problem?: string;
  sent?: boolean;
}

export interface FormViewProps extends FormProps {
  /** Where the form posts: the page's own address (added on the server). */
  action?: string;
  /** A signed time stamp: a form sent too quickly after it was shown is a robot's (added on the server). */
  token?: string;
  /** The intro, already turned from Markdown into safe HTML on the server. */
  introHtml?: string;
  state?: FormState;
  /** The site's language, for dates in messages (when a date question has bounds). */
  locale?: string;
  /** The site's time zone, and today's date there when the page was made (when a date bound moves with the day). */
  timeZone?: string;
  today?: string;
  /** A registration's places left when the page was asked for (added on the server); none left: the form is not shown. */
  left?: number;
}

/** The answers in a form element, typed as the rules expect. */
function readForm(element: HTMLFormElement, fields: FormField[]): Record<string, unknown> {
  const data = new FormData(element);
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'checkboxes') values[f.name] = data.getAll(f.name).map(String);
    else if (f.kind === 'checkbox' || f.kind === 'consent') values[f.name] = data.get(f.name) !== null;
    else if (f.kind === 'file') values[f.name] = (element.elements.namedItem(f.name) as HTMLInputElement | null)?.files?.length ?? 0;
    else {
      const entry = data.get(f.name);
      values[f.name] = typeof entry === 'string' ? entry.trim() : '';
    }
  }
  return values;
}

/**
 * What a hydrated form does: it checks an answer as the visitor leaves its field and every answer
 * when they send, and sends without reloading the page. Its messages, the problem with the whole
 * form, whether it went, whether it is on its way, and the boxes focus moves to.
 */
function useSending(fields: FormField[], action: string | undefined, locale: string | undefined, state: FormState | undefined) {
  const [errors, setErrors] = useState<Record<string, string>>(state?.errors ?? {});
  const [problem, setProblem] = useState(state?.problem);
  const [sent, setSent] = useState(Boolean(state?.sent));
  const [busy, setBusy] = useState(false);
  // Each time problems are shown, focus moves to their summary (after it has rendered).
  const [focusTick, setFocusTick] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) done.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (focusTick) summary.current?.focus();
  }, [focusTick]);

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    setFocusTick((n) => n + 1);
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    // Leaving a field for the send button: sending checks every field anyway. Checking here would
    // change the page between the press and the release (an error and the summary go, the button
    // moves up), and the release would land beside the button: the click, and the form, lost.
    if ((event.relatedTarget as HTMLButtonElement | null)?.type === 'submit') return;
    const target = event.target as unknown as HTMLInputElement;
    const field = fields.find((f) => f.name === target.name);
    if (!field || field.kind === 'file') return;
    const message = checkField(field, readForm(event.currentTarget, fields)[field.name], locale);
    setErrors((current) => {
      const next = { ...current };
      if (message) next[field.name] = message;
      else delete next[field.name];
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const values = readForm(element, fields);
    const found: Record<string, string> = {};
    for (const f of fields) {
      const message = checkField(f, values[f.name], locale);
      if (message) found[f.name] = message;
    }
    if (Object.keys(found).length) return showErrors(found);
    // A page served as a static file posts to the server elsewhere: let the browser go there.
    if (action && new URL(action, window.location.href).origin !== window.location.origin) return element.submit();
    setBusy(true);
    setProblem(undefined);
    try {
      const hasFile = fields.some((f) => f.kind === 'file');
      const body = hasFile ? new FormData(element) : new URLSearchParams(new FormData(element) as unknown as Record<string, string>);
      const res = await fetch(action ?? window.location.pathname, { method: 'POST', body, headers: { accept: 'application/json' } });
      const reply = (await res.json().catch(() => ({}))) as { ok?: boolean; redirect?: string; errors?: Record<string, string>; problem?: string };
      if (res.ok && reply.ok) {
        if (reply.redirect) window.location.assign(reply.redirect);
        else setSent(true);
      } else if (reply.errors && Object.keys(reply.errors).length) {
        showErrors(reply.errors);
      } else {
        setProblem(reply.problem ?? (res.status === 413 ? 'The files are too large to send.' : 'The form could not be sent. Please try again in a moment.'));
        setFocusTick((n) => n + 1);
      }
    } catch {
      setProblem('The form could not be sent: check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };
  return { errors, problem, sent, busy, summary, done, onBlur, onSubmit };
}

/** The problems with the answers, each a link to its question, or the problem with the whole form. */
function Problems({
  form,
  errors,
  problem,
  summary,
  hydrated,
}: {
  form: string;
  errors: Record<string, string>;
  problem?: string;
  summary: RefObject<HTMLDivElement | null>;
  hydrated: boolean;
}) {
  const list = Object.entries(errors);
  if (!list.length && !problem) return null;
  return (
    <div className="form-errors" role="alert" tabIndex={-1} ref={summary} autoFocus={!hydrated}>
      <h3>{problem ?? `There ${list.length === 1 ? 'is a problem' : `are ${list.length} problems`} with your answers`}</h3>
      {list.length ? (
        <ul>
          {list.map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(form, name)}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What every post carries besides the answers: which form it is, the signed time stamp, and the trap for robots. */
function Hidden({ form, token }: { form: string; token?: string }) {
  return (
    <>
      <input type="hidden" name="_form" value={form} />
      <input type="hidden" name="_t" value={token ?? ''} />
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${form}-website`}>Leave this empty</label>
        <input id={`${form}-website`} name="_hp" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

/** The questions, in the author's sections when there are some; each as the rules see it (a date's bounds as dates). */
function Questions({ props, fields, errors }: { props: FormViewProps; fields: FormField[]; errors: Record<string, string> }) {
  const values = props.state?.values ?? {};
  const checked = new Map(fields.map((f) => [f.name, f]));
  const renderFields = (group: FormField[]) =>
    group.map((f) => <Field key={f.name} form={props.form} field={checked.get(f.name) ?? f} value={values[f.name]} error={errors[f.name]} />);
  if (!props.sections) return renderFields(props.fields ?? []);
  return props.sections.map((section) => (
    <fieldset className="form-section" key={section.heading}>
      <legend>{section.heading}</legend>
      {section.intro ? <p className="field-help">{section.intro}</p> : null}
      {renderFields(section.fields)}
    </fieldset>
  ));
}

/**
 * A form that works as a plain HTML POST, validated on the server; once hydrated it checks
 * answers as the visitor leaves each field and sends without reloading the page.
 */
export function Form(props: FormViewProps) {
  const { form, heading, introHtml, submit, success, action, token, state, locale, timeZone, left } = props;
  const [hydrated, setHydrated] = useState(false);
  // A page of a static export has no day of its own: once running, it reads today from the visitor's clock.
  const today = props.today ?? (hydrated && timeZone ? todayIn(Date.now(), timeZone) : undefined);
  const fields = withDates(allFields(props), today);
  const { errors, problem, sent, busy, summary, done, onBlur, onSubmit } = useSending(fields, action, locale, state);
  useEffect(() => setHydrated(true), []);

  return (
    <section className="form-block" id={form} aria-labelledby={heading ? `${form}-heading` : undefined} aria-label={heading ? undefined : 'Form'}>
      <div className="container narrow">
        {heading ? <h2 id={`${form}-heading`}>{heading}</h2> : null}
        {introHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: introHtml }} /> : null}
        {sent ? (
          <div className="form-success" role="status" tabIndex={-1} ref={done}>
            <p>{success}</p>
          </div>
        ) : left === 0 ? (
          <div className="form-full" role="status">
            <p>{props.full}</p>
          </div>
        ) : (
          <form
            method="post"
            action={action}
            encType={fields.some((f) => f.kind === 'file') ? 'multipart/form-data' : undefined}
            noValidate={hydrated}
            onSubmit={(event) => void onSubmit(event)}
            onBlur={hydrated ? onBlur : undefined}
          >
            <Problems form={form} errors={errors} problem={problem} summary={summary} hydrated={hydrated} />
            {left !== undefined ? (
              <p className="form-places">
                <strong>{`${left} of ${props.capacity} ${props.capacity === 1 ? 'place' : 'places'} left.`}</strong>
              </p>
            ) : null}
            <Hidden form={form} token={token} />
            <Questions props={props} fields={fields} errors={errors} />
            <button type="submit" className="button" disabled={busy}>
              {busy ? 'Sending…' : submit}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
