/**
 * The visitor-facing catalogue: every message is plain words ending in punctuation, every page
 * has a heading, and a message that takes values says them. A message added without values to
 * try it with here fails, so that each one is read at least once.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { errorPage, errorProblem } from './platform-pages.ts';

/** What each message that takes values is tried with, by its path in the catalogue. */
const SAMPLES: Record<string, unknown[]> = {
  'pages.siteUnavailable': ['alpha'],
  'posts.noFileQuestion': ['cv'],
  'posts.busy': [90],
  'contacts.subscribed': ['ada@example.com', 'Alpha Plumbing'],
  'contacts.notSubscribed': ['ada@example.com', 'Alpha Plumbing'],
  'contacts.confirm': ['ada@example.com', 'Alpha Plumbing'],
  'contacts.confirmed': ['ada@example.com', 'Alpha Plumbing'],
  'contacts.unsubscribed': ['ada@example.com', 'Alpha Plumbing'],
};

/** Every message of the catalogue, by its path: a function called with its samples. */
function* entries(node: unknown, path: string): Generator<[string, unknown]> {
  if (typeof node === 'function') {
    const samples = SAMPLES[path];
    if (!samples) throw new Error(`${path} takes values: add samples for it to SAMPLES`);
    yield [path, (node as (...values: unknown[]) => unknown)(...samples)];
  } else if (node && typeof node === 'object' && !('title' in node)) {
    for (const [key, child] of Object.entries(node)) yield* entries(child, path ? `${path}.${key}` : key);
  } else yield [path, node];
}

/** A message as a visitor reads it: without the tags of a page's text. */
const words = (text: string) => text.replace(/<[^>]+>/g, '');

const SENTENCE = /^\S[\s\S]*[.!?]$/;

describe('the messages visitors see', () => {
  const all = [...entries(MESSAGES, '')];

  it('are each a sentence (or a few), ending in punctuation', () => {
    const bad: string[] = [];
    for (const [path, value] of all) {
      const text = value && typeof value === 'object' ? (value as { text: unknown }).text : value;
      if (typeof text !== 'string' || !SENTENCE.test(words(text)) || /\s{2,}|\n/.test(text)) bad.push(`${path}: ${JSON.stringify(text)}`);
    }
    expect(bad).toEqual([]);
    expect(all.length).toBeGreaterThan(20);
  });

  it('give every page a heading that is not a sentence', () => {
    const pages = all.filter(([path]) => path.startsWith('pages.'));
    for (const [path, page] of pages) {
      const { title } = page as { title: unknown };
      expect(typeof title === 'string' && title.length > 0 && !/[.!?]$/.test(title), path).toBe(true);
    }
    expect(pages.length).toBeGreaterThan(5);
  });

  it('say the values they are given', () => {
    expect(MESSAGES.posts.busy(30)).toContain('about a minute');
    expect(MESSAGES.posts.busy(120)).toContain('about 2 minutes');
    expect(MESSAGES.contacts.confirm('ada@example.com', 'Alpha Plumbing')).toContain('ada@example.com should receive news from Alpha Plumbing');
    expect(MESSAGES.pages.siteUnavailable('<b>').text).toContain('/&lt;b&gt;');
  });

  it('are what an error status answers with, as a page and as JSON', () => {
    expect(errorPage('/assets/base.css', 429)).toContain(`<h1>${MESSAGES.pages.tooManyPosts.title}</h1>`);
    expect(errorPage('/assets/base.css', 502)).toContain(MESSAGES.pages.serverError.text);
    expect(errorPage('/assets/base.css', 404)).toContain(MESSAGES.pages.badRequest.text);
    expect([413, 429, 503, 500, 400].map(errorProblem)).toEqual([
      MESSAGES.problems.tooLarge,
      MESSAGES.problems.tooManyPosts,
      MESSAGES.problems.notKept,
      MESSAGES.problems.serverError,
      MESSAGES.problems.badRequest,
    ]);
  });
});
