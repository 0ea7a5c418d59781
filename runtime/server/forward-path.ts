/**
 * The path part of a forwarding address (a Location header). Browsers read `//host`, `/\host`
 * and a slash after a stripped tab or newline as another site, so an address made from what a
 * visitor typed could send them anywhere. Every forward is built from what this returns: one
 * leading slash, no backslash, no control character, no empty segment, every other unsafe
 * character (Unicode slashes among them) percent-encoded. Whatever came in, the result stays on
 * the host it is sent from.
 */

/** Decodes each run of percent escapes it can, leaving a malformed one as it is. */
function decodeRuns(path: string): string {
  return path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** A character percent-encoded as UTF-8; a lone surrogate (no character at all) is dropped. */
function escapeChar(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return '';
  }
}

/** Characters a path keeps as they are. */
const PATH_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/]/;

/**
 * A path that cannot leave the host it is sent from, from a path as typed, raw or decoded.
 * Escapes are decoded before it is cleaned (twice-encoded ones too), so no slash hides in one.
 */
export function forwardPath(path: string): string {
  let text = path;
  for (let i = 0; i < 4; i++) {
    const next = decodeRuns(text);
    if (next === text) break;
    text = next;
  }
  const cleaned = text
    // Browsers drop tabs and newlines from an address, and a header cannot carry them.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    // Browsers read a backslash as a slash.
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  let out = cleaned.startsWith('/') ? '' : '/';
  for (const char of cleaned) out += PATH_SAFE.test(char) ? char : escapeChar(char);
  return out;
}

/** A query string as it may follow such a path (with its `?`): what is not printable ASCII is percent-encoded. */
export function forwardQuery(search: string): string {
  let out = '';
  for (const char of search) out += /[\u0021-\u007e]/.test(char) && char !== '#' ? char : escapeChar(char);
  return out ? `?${out}` : '';
}
