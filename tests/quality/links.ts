/**
 * The link crawl: every internal URL on the given pages must answer 200 (a redirect counts as
 * broken), and every #fragment must name an element on its page. Pages already fetched are not
 * fetched again; every other address is fetched once through app.inject().
 */
import { anchorsOf, startTags, urlsOf, type Tag } from './html.ts';
import { Problems, type App } from './fleet.ts';

/** The origin appFor() renders canonical links with. */
export const ORIGIN = 'https://sites.example.com';

export interface FetchedPage {
  url: string;
  status: number;
  tags: Tag[];
}

export async function brokenLinks(app: App, pages: FetchedPage[]): Promise<{ problems: Problems; checked: number }> {
  const answers = new Map<string, Promise<{ status: number; location?: string; anchors?: Set<string> }>>();
  for (const page of pages) answers.set(page.url, Promise.resolve({ status: page.status, anchors: anchorsOf(page.tags) }));
  const fetch = (url: string) => {
    let answer = answers.get(url);
    if (!answer) {
      answer = app.inject({ method: 'GET', url }).then((res) => ({
        status: res.statusCode,
        location: res.headers.location,
        anchors: res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/html') ? anchorsOf(startTags(res.body)) : undefined,
      }));
      answers.set(url, answer);
    }
    return answer;
  };

  const problems = new Problems();
  let checked = 0;
  for (const { url: address, tags } of pages) {
    const base = new URL(address, ORIGIN);
    const seen = new Set<string>();
    for (const tag of tags) {
      for (const raw of urlsOf(tag)) {
        if (seen.has(raw) || /^(mailto|tel|sms|data):/i.test(raw)) continue;
        seen.add(raw);
        let url: URL;
        try {
          url = new URL(raw, base);
        } catch {
          problems.add(address, `<${tag.name}> "${raw}" is not a URL`);
          continue;
        }
        if (url.origin !== ORIGIN) continue;
        checked++;
        const target = await fetch(url.pathname + url.search);
        if (target.status !== 200) {
          problems.add(address, `<${tag.name}> ${raw} answers ${target.status}${target.location ? ` (to ${target.location})` : ''}`);
        } else if (raw.includes('#')) {
          const fragment = decodeURIComponent(url.hash.slice(1));
          if (!fragment) problems.add(address, `<${tag.name}> ${raw} has an empty #fragment`);
          else if (!target.anchors?.has(fragment)) problems.add(address, `<${tag.name}> ${raw}: ${url.pathname} has no element with id "${fragment}"`);
        }
      }
    }
  }
  return { problems, checked };
}
