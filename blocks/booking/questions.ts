/**
 * The booking form's own questions (`fields`, written as a form block's): what an author may not
 * ask (a file, a question the form already asks under that name), and the answers as the desk and
 * the e-mails show them, each under its question's label.
 */
import type { BlockIssue } from '../contract.ts';
import { fieldIssues } from '../kits/fields/check.ts';
import { labelledAnswers } from '../kits/fields/answers.ts';
import type { BookingProps } from './schema.ts';

/** The names the booking form already uses: its own fields, and the ids of its heading and its trap for robots. */
const OWN = ['choice', 'slot', 'party', 'name', 'email', 'gift', 'heading', 'website'];

export function questionIssues(props: BookingProps): BlockIssue[] {
  const seen = new Set<string>();
  return (props.fields ?? []).flatMap((field, i) => {
    const at = ['fields', i];
    const issues = fieldIssues(field, at);
    if (OWN.includes(field.name))
      issues.push({
        path: [...at, 'name'],
        code: 'SW_NOT_ALLOWED',
        detail: `"${field.name}" is a name the booking form already uses for its own part.`,
        fix: `give the question a name of its own, such as ${field.name === 'email' ? 'otherEmail' : field.name === 'name' ? 'riderName' : `${field.name}Note`}.`,
      });
    else if (seen.has(field.name))
      issues.push({
        path: [...at, 'name'],
        code: 'SW_DUPLICATE_NAME',
        detail: `Two questions are called "${field.name}".`,
        fix: 'give every question its own name: the answers are kept under it.',
      });
    if (field.kind === 'file')
      issues.push({
        path: [...at, 'kind'],
        code: 'SW_NOT_ALLOWED',
        detail: 'A booking cannot take files.',
        fix: 'ask for the answer in words (kind: textarea), or put a form block on the page for photos.',
      });
    seen.add(field.name);
    return issues;
  });
}

/** A booking's answers as owners and visitors read them: "Phone: (555) 555-0142". */
export const answerLines = (props: BookingProps | undefined, answers: unknown): string[] =>
  labelledAnswers(props?.fields ?? [], answers).map((a) => `${a.label}: ${a.text}`);
