/** 7. Links to pages that do not exist, or to an #anchor the page it leads to does not have. */
import { closest } from '../../config/suggest.ts';
import { suggestPage } from '../../config/page-suggest.ts';
import { RESERVED_SITE_SEGMENTS } from '../../routing/reserved.ts';
import { address, pageName, linkSource, owner, type Draft, type Exam } from '../exam.ts';
import type { PageFacts } from '../html.ts';

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** "#" alone and "#top" go to the top of any page. */
const TOP = (fragment: string) => fragment === '' || fragment.toLowerCase() === 'top';

/** Ids an author gave to blocks of a page: the ones worth suggesting. */
function blockIds(facts: PageFacts): string[] {
  return [...facts.ids].filter((id) => /^[a-z][a-z0-9-]*$/.test(id) && !['main', 'footer-about', 'footer-hours'].includes(id));
}

export function links(exam: Exam): Draft[] {
  const { site } = exam;
  const base = `/${site.prefix}`;
  const byPath = new Map(exam.pages.map((p) => [p.target.path, p]));
  const drafts: Draft[] = [];
  for (const page of [...exam.pages, exam.notFound]) {
    const { target, facts } = page;
    const url = pageName(site, target);
    for (const link of facts.links) {
      const { href } = link;
      let inside: string;
      if (href.startsWith('#')) inside = `${target.path}${href}`;
      else if (href === base || href.startsWith(`${base}/`) || href.startsWith(`${base}#`) || href.startsWith(`${base}?`))
        inside = href.slice(base.length) || '/';
      else continue;
      if (inside.startsWith('#') || inside.startsWith('?')) inside = `/${inside}`;
      const hash = inside.indexOf('#');
      const fragment = hash < 0 ? undefined : decode(inside.slice(hash + 1));
      let path = (hash < 0 ? inside : inside.slice(0, hash)).replace(/\?.*$/, '') || '/';
      if (path.length > 1) path = path.replace(/\/$/, '');
      // What the author wrote: the path inside the site, or the bare #anchor.
      const written = href.startsWith('#') ? [href] : [href.slice(base.length) || '/', href.slice(base.length).replace(/^\/?/, '/')];
      const label = link.text ? `the link "${link.text}"` : 'a link';
      const first = path.split('/')[1] ?? '';
      if (first === 'media') {
        const file = decode(path.slice('/media/'.length));
        if (site.media.has(file)) continue;
        const near = closest(file, site.media);
        drafts.push({
          code: 'SW_BROKEN_LINK',
          at: linkSource(exam, target, written) ?? owner(exam, target),
          detail: `On ${url}, ${label} goes to ${href}, but there is no file "${file}" in the site's media folder (sites/${site.prefix}/media/).`,
          fix: near
            ? `did you mean "/media/${near}"? Otherwise put ${file} in sites/${site.prefix}/media/.`
            : `put ${file} in sites/${site.prefix}/media/, or fix the name.`,
          address: url,
        });
        continue;
      }
      // The platform answers the other reserved addresses (sitemap.xml, feed.xml, robots.txt) for every site.
      if ((RESERVED_SITE_SEGMENTS as readonly string[]).includes(first)) continue;
      // A bare #anchor stays on the page it is on, wherever that is (the "page not found" too).
      const match = href.startsWith('#') ? ({ kind: 'match', target } as const) : site.router.match(path);
      if (match.kind !== 'match') {
        const { fix } = suggestPage(path, site.targets, (p) => site.router.match(p).kind === 'match');
        drafts.push({
          code: 'SW_BROKEN_LINK',
          at: linkSource(exam, target, written) ?? owner(exam, target),
          detail: `On ${url}, ${label} goes to ${href}, but no page of this site is at "${path}".`,
          fix,
          address: url,
        });
        continue;
      }
      if (fragment === undefined || TOP(fragment)) continue;
      const destination = match.target.path === target.path ? page : byPath.get(match.target.path);
      if (!destination || destination.facts.ids.has(fragment)) continue;
      const near = closest(fragment, blockIds(destination.facts));
      const where = destination === page ? 'this page' : address(site, destination.target.path);
      drafts.push({
        code: 'SW_BROKEN_ANCHOR',
        at: linkSource(exam, target, written) ?? owner(exam, target),
        detail: `On ${url}, ${label} goes to ${href}, but ${where} has nothing with the id "${fragment}", so the link only opens the top of the page.`,
        fix: near
          ? `did you mean "#${near}"? Otherwise add "id: ${fragment}" to the block the link should jump to.`
          : `add "id: ${fragment}" to the block the link should jump to${destination.target.pageIndex >= 0 ? ` on the page "${destination.target.page.path}"` : ''}, or remove "#${fragment}" from the link.`,
        address: url,
      });
    }
  }
  return drafts;
}
