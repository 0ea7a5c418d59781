/** The "back" link at the foot of an item's page, shared by the detail blocks. */
import type { Link } from '../../../schema/common.ts';
import { useHref, useRender } from '../../../runtime/render/context.tsx';
import { fillTemplate } from '../../../runtime/render/items.ts';
import type { Site, Target } from '../../../runtime/site.ts';

/** The page one level up (/events for /events/fair), when the site has one other than home. */
function parentLink(site: Site, target: Target): Link | undefined {
  const path = target.path.replace(/\/[^/]+$/, '');
  const parent = path ? site.targets.find((t) => t.path === path) : undefined;
  if (!parent?.page.title) return undefined;
  const values = { ...parent.item?.data, slug: parent.item?.slug, group: parent.group?.label };
  return { href: parent.path, label: `Back to ${fillTemplate(parent.page.title, values)}` };
}

/** The given link, or else a link to the page one level up. */
export function BackLink({ back }: { back?: Link }) {
  const { site, target } = useRender();
  const href = useHref();
  const link = back ?? parentLink(site, target);
  if (!link) return null;
  return (
    <p className="more-link back-link">
      <a href={href(link.href)}>
        <span aria-hidden="true">← </span>
        {link.label}
      </a>
    </p>
  );
}
