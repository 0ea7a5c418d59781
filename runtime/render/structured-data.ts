/**
 * What machines read about a page, made from the site's YAML with no extra work by the author:
 * schema.org JSON-LD (the organisation on every page, and the item a page shows), and where
 * the blog's RSS feeds are. Pure functions of (site, target, origin).
 */
import type {
  BreadcrumbList,
  DayOfWeek,
  Graph,
  IdReference,
  LocalBusiness,
  LocalBusinessLeaf,
  OpeningHoursSpecification,
  OrganizationLeaf,
  PersonLeaf,
  Place,
  PostalAddress,
  Thing,
} from 'schema-dts';
import type { Image } from '../../schema/common.ts';
import { kindOf } from '../../schema/items.ts';
import { ORGANIZATION_KINDS } from '../../schema/kinds.ts';
import type { SiteData } from '../../schema/site.ts';
import { splitPath } from '../routing/pattern.ts';
import { slugify } from '../routing/slug.ts';
import type { Item, Site, Target } from '../site.ts';
import { mediaUrl } from './context.tsx';
import { shownSize } from '../images/view.ts';
import { itemSummary, itemTitle } from './items.ts';
import { crumbLabel } from './trail.ts';
import { renderMarkdown } from './markdown.ts';
import { publicPath } from './page-path.ts';

type Identity = SiteData['site'];
type Address = NonNullable<Identity['address']>;
type Day = NonNullable<Identity['hours']>[number]['days'][number];
type KindType = (typeof ORGANIZATION_KINDS)[Identity['kind']]['schemaOrg'];

/**
 * Organisation types that are not a LocalBusiness (VeterinaryCare is a MedicalOrganization, and an
 * EducationalOrganization a CivicStructure): schema.org gives them no opening hours.
 */
const NOT_LOCAL = [
  'Organization',
  'NGO',
  'SportsOrganization',
  'GovernmentOrganization',
  'VeterinaryCare',
  'EducationalOrganization',
] as const satisfies readonly KindType[];
/** Every other kind's type: organizationNode gives it opening hours, and the compiler checks there that each is a LocalBusiness. */
type LocalType = Exclude<KindType, (typeof NOT_LOCAL)[number] | 'Person'>;
type OrganizationNode = Extract<Thing, { '@type': Exclude<KindType, 'Person'> }>;

const DAYS: Record<Day, DayOfWeek> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** What every node of one page needs: absolute addresses and the organisation to point at. */
interface Context {
  site: Site;
  origin: string;
  org: IdReference;
  url: (path: string) => string;
  media: (image: Image | undefined) => string | undefined;
}

function contextOf(site: Site, origin: string): Context {
  const url = (path: string) => origin + publicPath(site.prefix, path);
  return { site, origin, url, org: { '@id': `${url('/')}#organization` }, media: (image) => (image ? origin + mediaUrl(site.prefix, image.src) : undefined) };
}

export function postalAddress(a: Address): PostalAddress {
  return {
    '@type': 'PostalAddress',
    streetAddress: a.street,
    addressLocality: a.locality,
    addressRegion: a.region,
    postalCode: a.postalCode,
    addressCountry: a.country,
  };
}

/** The organisation as the most specific schema.org type its kind has (a Person for a personal site). */
/** The logo with its size as shown (read from the file unless the YAML gives it), when known. */
function logoObject(site: Site, logo: Image, url: string | undefined) {
  const { width, height } = shownSize(logo, site.images.get(logo.src));
  return { '@type': 'ImageObject' as const, url, ...(width && height ? { width: `${width}`, height: `${height}` } : {}) };
}

export function organizationNode(site: Site, origin: string): OrganizationNode | PersonLeaf {
  const ctx = contextOf(site, origin);
  const id = site.data.site;
  const type = ORGANIZATION_KINDS[id.kind].schemaOrg;
  const shared = {
    '@id': ctx.org['@id'],
    name: id.name,
    url: ctx.url('/'),
    description: id.description,
    telephone: id.phone,
    email: id.email,
    address: id.address && postalAddress(id.address),
    sameAs: id.social?.length ? id.social.map((s) => s.url) : undefined,
  };
  if (type === 'Person') return { '@type': 'Person', ...shared, image: ctx.media(id.logo) };
  const cities = [...new Set([...site.collections.values()].flatMap((c) => (c.kind === 'area' ? c.items.map((i) => i.data.city) : [])))];
  const areas = id.areaServed ?? cities;
  const organization: Omit<OrganizationLeaf, '@type'> = {
    ...shared,
    logo: id.logo && logoObject(site, id.logo, ctx.media(id.logo)),
    areaServed: areas.length ? areas : undefined,
  };
  if ((NOT_LOCAL as readonly string[]).includes(type)) return { '@type': type, ...organization } as OrganizationNode;
  const local: Omit<LocalBusinessLeaf, '@type'> & { '@type': Exclude<LocalBusiness, string>['@type'] } = {
    '@type': type as LocalType,
    ...organization,
    openingHoursSpecification: id.hours?.map((h): OpeningHoursSpecification => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.days.map((d) => DAYS[d]),
      opens: h.opens,
      closes: h.closes,
    })),
  };
  return local as OrganizationNode;
}

/** An organisation of a town-area site that an item names, or the site's own organisation. */
function hostOf(ctx: Context, slug: string | undefined): OrganizationLeaf | IdReference {
  const org = slug && [...ctx.site.collections.values()].flatMap((c) => (c.kind === 'organization' ? c.items : [])).find((o) => o.slug === slugify(slug));
  if (!org) return ctx.org;
  return { '@type': 'Organization', name: itemTitle(org), url: org.path ? ctx.url(org.path) : org.data.website };
}

/** A place known only by name: the town comes from the site's address, the street is not guessed. */
function placeNamed(ctx: Context, name: string | undefined): Place | undefined {
  const a = ctx.site.data.site.address;
  if (!name && !a) return undefined;
  const town: PostalAddress | undefined = a && { '@type': 'PostalAddress', addressLocality: a.locality, addressRegion: a.region, addressCountry: a.country };
  return { '@type': 'Place', name: name ?? ctx.site.data.site.name, address: town };
}

/** The node for the item a page is the own page of, as its kind makes it; a page that only mentions an item gets none. */
function itemNode(ctx: Context, target: Target, title: string): Thing | undefined {
  const item = target.item;
  if (!item || item.path !== target.path) return undefined;
  const jsonLd = kindOf(item.kind).jsonLd;
  if (!jsonLd) return undefined;
  const identity = ctx.site.data.site;
  return jsonLd(item.data, {
    url: ctx.url(target.path),
    title: itemTitle(item),
    summary: itemSummary(item),
    pageTitle: title,
    org: ctx.org,
    language: identity.language,
    serviceType: ORGANIZATION_KINDS[identity.kind].label,
    address: identity.address && postalAddress(identity.address),
    country: identity.address?.country ?? identity.language.split('-')[1] ?? 'US',
    media: ctx.media,
    html: (markdown) => renderMarkdown(markdown, (href) => ctx.url(href)),
    host: (slug) => hostOf(ctx, slug),
    place: (name) => placeNamed(ctx, name),
  });
}

/** Home > listing > item, for item pages, group pages and nested pages: the same steps the breadcrumbs block shows. */
function breadcrumbList(ctx: Context, target: Target): BreadcrumbList | undefined {
  if (target.path === '/' || target.pageIndex < 0) return undefined;
  if (!target.item && !target.group && splitPath(target.path).length < 2) return undefined;
  const { site } = ctx;
  const home = site.data.navigation.find((link) => link.href === '/')?.label ?? 'Home';
  const steps = [
    { label: home, path: '/' },
    ...(target.trail ?? []).filter((c): c is { label: string; path: string } => Boolean(c.path)),
    { label: crumbLabel(site, target) ?? '', path: target.path },
  ];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((s, i) => ({ '@type': 'ListItem', position: i + 1, name: s.label, item: ctx.url(s.path) })),
  };
}

/**
 * The JSON-LD of one page: the organisation, the item the page is about, and its breadcrumbs.
 * `title` is the page's own title (the heading of a service-area page names its service);
 * `fromBlocks` are the nodes the page's blocks add.
 */
export function structuredData(site: Site, target: Target, origin: string, title = '', fromBlocks: readonly Thing[] = []): Graph {
  const ctx = contextOf(site, origin);
  const nodes = [organizationNode(site, origin), itemNode(ctx, target, title), breadcrumbList(ctx, target), ...fromBlocks].filter(
    (n): n is Thing => n !== undefined,
  );
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** The script element for a page's head. JSON-LD is data, not script; "<" is escaped so author text cannot close the element. */
export function jsonLdScript(data: Graph): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** A site's blog: its posts that have pages, newest first, the page that lists them, and its category pages by slug. */
export interface Blog {
  posts: Item<'post'>[];
  listing: string;
  categories: Map<string, Target>;
}

const blogs = new WeakMap<Site, Blog | null>();
const postDate = (item: Item<'post'>) => item.data.date;

/** The blog of a site whose pages show posts each on a page of its own; undefined when it has none. */
export function blogOf(site: Site): Blog | undefined {
  const known = blogs.get(site);
  if (known !== undefined) return known ?? undefined;
  const postCollections = [...site.collections.values()].flatMap((c) => (c.kind === 'post' ? [c] : []));
  const names = new Set(postCollections.map((c) => c.name));
  const posts = postCollections.flatMap((c) => c.items.filter((i) => i.path)).sort((a, b) => postDate(b).localeCompare(postDate(a)));
  let blog: Blog | null = null;
  if (posts.length) {
    const parent = `/${splitPath(posts[0]?.path ?? '/')
      .slice(0, -1)
      .join('/')}`;
    const categories = new Map<string, Target>();
    for (const t of site.targets) {
      if (t.group && t.page.groupBy === 'category' && names.has(t.page.from ?? '') && !categories.has(t.group.slug)) categories.set(t.group.slug, t);
    }
    blog = { posts, listing: site.router.match(parent).kind === 'match' ? parent : '/', categories };
  }
  blogs.set(site, blog);
  return blog ?? undefined;
}

export const feedPath = (site: Site, category?: string) => `/${site.prefix}/feed.xml${category ? `?category=${encodeURIComponent(category)}` : ''}`;

/** The feeds a page announces: the blog's on the home page and the blog's own pages, and a category's on its page. */
export function feedLinks(site: Site, target: Target, origin: string): { title: string; href: string }[] {
  const blog = blogOf(site);
  if (!blog) return [];
  const name = site.data.site.name;
  const category = target.group && blog.categories.get(target.group.slug) === target ? target.group : undefined;
  const inBlog = target.path === '/' || target.path === blog.listing || target.item?.kind === 'post' || target.group?.items[0]?.kind === 'post';
  return [
    ...(inBlog ? [{ title: name, href: origin + feedPath(site) }] : []),
    ...(category ? [{ title: `${name}: ${category.label}`, href: origin + feedPath(site, category.slug) }] : []),
  ];
}
