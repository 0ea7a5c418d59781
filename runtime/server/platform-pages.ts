/**
 * The platform's own pages the server answers with, in its plain look, their words from the
 * catalogue (messages.ts): an address no site answers, a site that cannot be shown, an error.
 */
import { platformPage } from '../render/platform.ts';
import { MESSAGES, type PageWords } from './messages.ts';

/** A page that says one thing under its heading. */
export const wordsPage = (stylesheet: string, { title, text }: PageWords): string =>
  platformPage({ title, stylesheet, body: `<h1>${title}</h1>\n<p>${text}</p>` });

export const notFoundPage = (stylesheet: string): string => wordsPage(stylesheet, MESSAGES.pages.noSite);

export const unavailablePage = (stylesheet: string, prefix: string): string => wordsPage(stylesheet, MESSAGES.pages.siteUnavailable(prefix));

const BY_STATUS: Record<number, PageWords> = {
  413: MESSAGES.pages.tooLarge,
  429: MESSAGES.pages.tooManyPosts,
  431: MESSAGES.pages.headersTooLarge,
  503: MESSAGES.pages.notKept,
};

/** The page of an error status: its own words, or those of any server error (5xx) or request not understood (4xx). */
export const errorPage = (stylesheet: string, status: number): string =>
  wordsPage(stylesheet, BY_STATUS[status] ?? (status >= 500 ? MESSAGES.pages.serverError : MESSAGES.pages.badRequest));

/** The JSON problem of an error status, for a client that asks for JSON. */
export function errorProblem(status: number): string {
  const { problems } = MESSAGES;
  if (status === 413) return problems.tooLarge;
  if (status === 429) return problems.tooManyPosts;
  if (status === 503) return problems.notKept;
  return status === 500 ? problems.serverError : problems.badRequest;
}
