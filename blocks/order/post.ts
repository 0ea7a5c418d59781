/**
 * How the island sends a form without leaving the page: the same fields the form posts without
 * JavaScript, as a form body, asking for JSON. Browser code only.
 */
import type { VisitorState } from '../contract.ts';
import type { CartView } from './view-types.ts';

export type Answer = { ok: true; cart?: CartView; message?: string; redirect?: string } | ({ ok: false; result?: { cart?: CartView } } & VisitorState);

/** Posts a form's fields as a script; undefined when the answer is not one the page can show (the caller then sends the form itself). */
export async function postForm(form: HTMLFormElement, submitter?: HTMLElement | null): Promise<Answer | undefined> {
  const data = new FormData(form, submitter instanceof HTMLButtonElement ? submitter : undefined);
  const body = new URLSearchParams();
  for (const [name, value] of data) if (typeof value === 'string') body.append(name, value);
  try {
    const answer = await fetch(form.action, { method: 'POST', body, headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (answer.status >= 500 || !/json/.test(answer.headers.get('content-type') ?? '')) return undefined;
    return (await answer.json()) as Answer;
  } catch {
    return undefined;
  }
}
