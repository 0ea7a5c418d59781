/**
 * A block's own questions asked beside its other fields (a booking's phone number, a bike's make
 * and model): what a post may carry for them, its answers read and checked as the form block
 * checks its own, and the answers as owners and visitors read them, each under its question's label.
 */
import { asText } from '../../../runtime/text.ts';
import { withDates } from './dates.ts';
import { checkField, coerce, defaultMax } from './rules.ts';
import type { FormField } from './schema.ts';

/** How many questions a block besides the form may ask. */
export const MAX_QUESTIONS = 20;

/**
 * What a post may carry for each question, as a browser sends it (text, or a list of ticked boxes),
 * within each answer's length: the answers are read and checked by `readAnswers`, which says what is
 * wrong beside each field. Files are not taken.
 */
export function postedAnswers(fields: readonly FormField[]): Record<string, unknown> {
  const text = (f: FormField) => ({ type: 'string', maxLength: Math.max(200, 2 * defaultMax(f)) });
  return Object.fromEntries(
    fields
      .filter((f) => f.kind !== 'file')
      .map((f) => [f.name, f.kind === 'checkboxes' ? { anyOf: [text(f), { type: 'array', maxItems: 50, items: text(f) }] } : text(f)]),
  );
}

/**
 * The answers of a post to `fields` (only theirs), typed as the rules read them, and the message
 * beside each wrong one. A date's bounds ("today", "+7d") are read for `today`, the day in the
 * site's zone; messages say dates in the site's `locale`.
 */
export function readAnswers(
  fields: readonly FormField[],
  body: Readonly<Record<string, unknown>>,
  today: string,
  locale: string,
): { answers: Record<string, unknown>; errors: Record<string, string> } {
  const asked = withDates(
    fields.filter((f) => f.kind !== 'file'),
    today,
  );
  const answers = coerce(asked, Object.fromEntries(asked.filter((f) => f.name in body).map((f) => [f.name, body[f.name]])));
  const errors: Record<string, string> = {};
  for (const f of asked) {
    const message = checkField(f, answers[f.name], locale);
    if (message) errors[f.name] = message;
  }
  return { answers, errors };
}

/** One answer as people read it: ticked boxes joined, yes or no for a box, the text as typed. */
export function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => asText(v)).join(', ');
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return asText(value);
}

/**
 * A record's answers under their questions' labels, in the order the questions are asked; an answer
 * to a question no longer asked keeps its name. Unanswered questions are left out.
 */
export function labelledAnswers(fields: readonly FormField[], answers: unknown): { label: string; text: string }[] {
  const given = answers && typeof answers === 'object' && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  const known = new Set(fields.map((f) => f.name));
  const shown = (value: unknown) => value !== undefined && value !== '' && !(Array.isArray(value) && !value.length);
  return [
    ...fields.filter((f) => shown(given[f.name])).map((f) => ({ label: f.label, text: answerText(given[f.name]) })),
    ...Object.entries(given)
      .filter(([name, value]) => !known.has(name) && shown(value))
      .map(([name, value]) => ({ label: name, text: answerText(value) })),
  ];
}
