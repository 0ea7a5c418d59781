/**
 * Talking to the studio's server: every change is a JSON POST carrying the page's CSRF token, and
 * every answer is read as JSON whatever its status, so the caller can tell "saved", "not allowed"
 * and "someone else published" apart. A failure to reach the server at all is an `Offline` error.
 */

/** An answer with its HTTP status. */
export interface Answer<T> {
  status: number;
  body: T;
}

/** The server could not be reached, or answered with something that is not JSON. */
export class Offline extends Error {}

const readJson = async <T>(response: Response): Promise<Answer<T>> => {
  try {
    return { status: response.status, body: (await response.json()) as T };
  } catch {
    throw new Offline(`The server answered ${response.status} without an explanation.`);
  }
};

/** POSTs `body` with the CSRF token as JSON. */
export async function postJson<T>(url: string, csrf: string, body: Record<string, unknown>, init: RequestInit = {}): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ _csrf: csrf, ...body }),
    });
  } catch {
    throw new Offline('The server could not be reached.');
  }
  return readJson<T>(response);
}

/** GETs a text (a published version). */
export async function getText(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/plain' } });
  } catch {
    throw new Offline('The server could not be reached.');
  }
  if (!response.ok) throw new Offline(`The server answered ${response.status}.`);
  return response.text();
}

/** GETs JSON (the site's schema). */
export async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new Offline('The server could not be reached.');
  }
  if (!response.ok) throw new Offline(`The server answered ${response.status}.`);
  return (await response.json()) as T;
}

/** The `error` sentence of a 4xx answer, or a general one. */
export const errorOf = (body: unknown, fallback: string): string =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : fallback;
