/**
 * The rules of a block's questions, from its YAML: a JSON Schema the server compiles with ajv, and
 * the same rules as a plain check the browser runs as the visitor types. A test holds the two
 * together (blocks/form/rules.test.ts).
 */
import type { FormField } from './schema.ts';
import { asText } from '../../../runtime/text.ts';
import { longDate } from './dates.ts';

/**
 * An e-mail address as the HTML standard defines it for <input type="email"> (the browsers' own
 * check), with a dot in the domain, and a first character that no spreadsheet takes for a formula.
 */
export const EMAIL =
  "^(?![=+\\-@])[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$";
export const PHONE = '^\\+?[0-9(][0-9 ().-]{5,20}[0-9]$';
export const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const DATE_ONLY = new RegExp(DATE, 'u');
/** A time of day as <input type="time"> sends it: hours and minutes, 00:00 to 23:59. */
export const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$';
/** No markup in answers: "<" followed by a letter, "/", "!" or "?" starts a tag. */
export const NO_TAGS = '^(?![\\s\\S]*<\\s*[a-zA-Z!/?])[\\s\\S]*$';

const textKinds = new Set(['text', 'email', 'phone', 'textarea', 'date', 'time']);
export const defaultMax = (f: FormField) => f.maxLength ?? (f.kind === 'textarea' ? 5000 : 200);

/** The JSON Schema of one submission. Files are checked apart (their content), not here. */
export function submissionSchema(fields: FormField[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const f of fields) {
    if (f.kind === 'file') continue;
    if (f.required || f.kind === 'consent') required.push(f.name);
    if (textKinds.has(f.kind ?? 'text')) {
      const patterns = [
        NO_TAGS,
        f.kind === 'email' ? EMAIL : f.kind === 'phone' ? PHONE : f.kind === 'date' ? DATE : f.kind === 'time' ? TIME : undefined,
        f.pattern,
      ].filter(Boolean) as string[];
      properties[f.name] = {
        type: 'string',
        minLength: f.required ? Math.max(1, f.minLength ?? 1) : (f.minLength ?? 0),
        maxLength: defaultMax(f),
        allOf: patterns.map((pattern) => ({ pattern })),
      };
    } else if (f.kind === 'number') {
      properties[f.name] = {
        type: 'number',
        ...(typeof f.min === 'number' ? { minimum: f.min } : {}),
        ...(typeof f.max === 'number' ? { maximum: f.max } : {}),
      };
    } else if (f.kind === 'select' || f.kind === 'radio') {
      properties[f.name] = { type: 'string', enum: f.required ? (f.options ?? []) : [...(f.options ?? []), ''] };
    } else if (f.kind === 'checkboxes') {
      properties[f.name] = { type: 'array', items: { type: 'string', enum: f.options ?? [] }, uniqueItems: true, ...(f.required ? { minItems: 1 } : {}) };
    } else if (f.kind === 'checkbox' || f.kind === 'consent') {
      // A required checkbox must be ticked, as the browser's `required` and checkField have it.
      properties[f.name] = f.kind === 'consent' || f.required ? { const: true } : { type: 'boolean' };
    }
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * The message for a field's value, or undefined when it is fine. The same rules, for the browser.
 * A date field's bounds are checked as dates (see `withDates`), and said in the site's `locale`.
 */
export function checkField(f: FormField, value: unknown, locale?: string): string | undefined {
  const label = f.label.replace(/[:?]$/, '');
  const empty = value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0);
  if (f.kind === 'consent') return value === true ? undefined : `Please tick this box to continue.`;
  if (f.kind === 'file') {
    // In the browser the value is how many files are chosen; the server checks the files themselves.
    const count = typeof value === 'number' ? value : 0;
    if (!count) return f.required ? `Please add a file for “${label}”.` : undefined;
    return count > (f.maxFiles ?? 1) ? `“${label}” takes at most ${f.maxFiles ?? 1} file${(f.maxFiles ?? 1) > 1 ? 's' : ''}.` : undefined;
  }
  if (empty) return f.required ? `Please fill in “${label}”.` : undefined;
  if (f.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return `“${label}” must be a number.`;
    if (typeof f.min === 'number' && n < f.min) return `“${label}” must be at least ${f.min}.`;
    if (typeof f.max === 'number' && n > f.max) return `“${label}” must be at most ${f.max}.`;
    return undefined;
  }
  if (f.kind === 'select' || f.kind === 'radio')
    return (f.options ?? []).includes(asText(value)) ? undefined : `Please choose one of the options for “${label}”.`;
  if (f.kind === 'checkboxes') {
    const chosen = value as string[];
    // Each option once, as the schema's uniqueItems wants (only a robot sends one twice).
    return chosen.every((v) => (f.options ?? []).includes(v)) && new Set(chosen).size === chosen.length
      ? undefined
      : `Please choose from the options for “${label}”.`;
  }
  if (f.kind === 'checkbox') return undefined;
  const text = asText(value);
  if (!new RegExp(NO_TAGS, 'u').test(text)) return `Please remove the < and > characters from “${label}”.`;
  // Characters as JSON Schema counts them (an emoji is one), not UTF-16 units as .length does.
  const length = [...text].length;
  if (f.minLength && length < f.minLength) return `“${label}” needs at least ${f.minLength} characters.`;
  if (length > defaultMax(f)) return `“${label}” can be at most ${defaultMax(f)} characters.`;
  if (f.kind === 'email' && !new RegExp(EMAIL, 'u').test(text)) return `Please enter an e-mail address such as name@example.com.`;
  if (f.kind === 'phone' && !new RegExp(PHONE, 'u').test(text)) return `Please enter a phone number, such as (555) 555-0142.`;
  if (f.kind === 'date' && !new RegExp(DATE, 'u').test(text)) return `Please enter a date.`;
  // Dates written YYYY-MM-DD compare as text in the order of the calendar.
  if (f.kind === 'date' && typeof f.min === 'string' && DATE_ONLY.test(f.min) && text < f.min)
    return `Please choose a date on or after ${longDate(f.min, locale)}.`;
  if (f.kind === 'date' && typeof f.max === 'string' && DATE_ONLY.test(f.max) && text > f.max)
    return `Please choose a date on or before ${longDate(f.max, locale)}.`;
  if (f.kind === 'time' && !new RegExp(TIME, 'u').test(text)) return `Please enter a time of day, such as 14:30.`;
  if (f.pattern && !new RegExp(f.pattern, 'u').test(text)) return f.patternHint ?? `“${label}” is not in the expected form.`;
  return undefined;
}

/**
 * The date answers outside their question's bounds, by field: what the schema, compiled once when
 * the site loads, cannot hold, since "today" moves. The fields' bounds are dates (see `withDates`).
 */
export function outOfRange(fields: FormField[], answers: Record<string, unknown>, locale?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const value = answers[f.name];
    if (f.kind !== 'date' || typeof value !== 'string' || !DATE_ONLY.test(value)) continue;
    const message = checkField(f, value, locale);
    if (message) errors[f.name] = message;
  }
  return errors;
}

/** Form values as sent by a browser (all text) turned into typed answers. */
export function coerce(fields: FormField[], raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith('_')) continue;
    const f = fields.find((x) => x.name === key);
    if (!f) {
      out[key] = value;
      continue;
    }
    const one: unknown = Array.isArray(value) ? (value as unknown[])[value.length - 1] : value;
    // Trimmed first, as the browser reads its fields: blank is no answer, not the number 0. What is
    // not a finite number stays text, so the schema's type refuses it (ajv takes NaN as a number).
    if (f.kind === 'number')
      out[key] = typeof one === 'string' ? (one.trim() === '' ? undefined : Number.isFinite(Number(one)) ? Number(one) : one.trim()) : one;
    else if (f.kind === 'checkbox' || f.kind === 'consent') out[key] = one === true || one === 'on' || one === 'yes' || one === 'true';
    else if (f.kind === 'checkboxes') out[key] = (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map(String);
    else if (f.kind === 'file') continue;
    // A browser sends a textarea's line breaks as CR LF but counts and checks them as LF.
    else out[key] = typeof one === 'string' ? one.replace(/\r\n?/g, '\n').trim() : one;
  }
  for (const f of fields) if ((f.kind === 'checkbox' || f.kind === 'consent') && !(f.name in out)) out[f.name] = false;
  for (const key of Object.keys(out)) if (out[key] === undefined || (out[key] === '' && !fields.find((f) => f.name === key)?.required)) delete out[key];
  return out;
}
