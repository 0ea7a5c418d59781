/** What the server's results view and the browser's (on a static export) share: the links between result pages, and section names. */

/** The results page's address with these parameters, leaving out empty ones and page 1. */
export function resultsHref(action: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== 1) search.set(k, String(v));
  return `${action}?${search.toString()}`;
}

/** A section's name for people when its author gave none: the collection's name with a capital ("case-studies" → "Case studies"). */
export const plainSectionName = (section: string) => (section === 'pages' ? 'Pages' : section.charAt(0).toUpperCase() + section.slice(1).replace(/-/g, ' '));
