import { renderToString } from 'react-dom/server';
import type { BlockData } from '../../schema/common.ts';
import { anyFields } from '../../schema/items.ts';
import type { PageData } from '../../schema/site.ts';
import type { Site, Target } from '../site.ts';
import { NOT_FOUND_BLOCKS } from './defaults.ts';
import type { PerRequestSlot } from '../../blocks/contract.ts';
import { blockMarksToComments, Blocks, leadsPage, titleIndex } from './Blocks.tsx';
import { mediaUrl, RenderProvider, type BlockRegistry, type RenderContext, type Visitor } from './context.tsx';
import { EMPTY_OUTLINE, outline, propsOf, type Outline } from './outline.ts';
import { escapeHtml } from './escape.ts';
import { fillTemplate, itemSummary, itemTitle } from './items.ts';
import { Layout } from './Layout.tsx';
import { publicPath } from './page-path.ts';
import { feedLinks, jsonLdScript, structuredData } from './structured-data.ts';
import { hydrateWhen, loaderScript } from '../client/loader.ts';
import { planOf, variantUrl } from '../images/variants.ts';
import { localDate } from '../services/time.ts';

/** Where a page's stylesheets and (for pages with islands) the script its loader imports live. */
export interface PageAssets {
  /** The site's theme (its colours and fonts), linked first. */
  theme?: string;
  stylesheet: string;
  /** The client entry, imported when an island is first needed; undefined when the client is not built (pages still render, islands stay static). */
  script?: string;
  /** Development only: the script that reloads the page when its site changes. */
  devScript?: string;
}

export interface RenderOptions {
  origin: string;
  assets: PageAssets;
  query?: Record<string, string>;
  /** Today's date, YYYY-MM-DD; defaults to the real one (tests set it). */
  today?: string;
  /** The time the page is made, in epoch ms; defaults to the real one (tests and a server with a clock of its own set it). */
  now?: number;
  /** One visitor's values; without them the page is rendered for the cache, with a placeholder for each. */
  visitor?: Visitor;
  /** Where blocks post to, for a static export served apart from the Sitewright server. */
  actionOrigin?: string;
  /** The page is a file of a static export, on a server that answers no query string. */
  exported?: boolean;
  /** The blocks pages may use; the site's own (`site.blocks`) unless a test or tool narrows them. */
  blocks?: BlockRegistry;
  /** Platform pages in a site's look (the contact link page): this HTML instead of blocks. */
  mainHtml?: string;
  /** Mark where each of the page's own blocks begins and ends with an HTML comment, for `sitewright doctor --layout`. */
  markBlocks?: boolean;
}

export interface RenderedPage {
  html: string;
  status: number;
  /** Island types on the page: a page without any ships no script. */
  islands: readonly string[];
  /** The page holds personal data a visitor typed in (an application): no cache may keep it. */
  noStore: boolean;
  /** Per-visitor slots whose placeholders are in `html` (when no visitor was given). */
  perRequest: readonly PerRequestSlot[];
  /** The page has blocks with a server half: it posts to a Sitewright server. */
  actions: boolean;
  /** The page has blocks that read data per request: it is rendered for each visitor, with what they read. */
  loads: boolean;
  /** When the page, made again, would differ by itself (a form's "today" at the site's midnight), in epoch ms. */
  changesAt?: number;
  /** The origins the page may show in a frame (a map), for its Content-Security-Policy's frame-src; mostly none. */
  frames: readonly string[];
}

/**
 * Stand-ins for per-visitor values in a page rendered for the cache. The random part keeps an
 * author's text from ever containing one by chance; the characters need no escaping in HTML or JSON.
 */
const NONCE = Math.random().toString(36).slice(2, 10);
export const placeholder = (slot: PerRequestSlot) => `sw-${slot}-${NONCE}`;
const PLACEHOLDERS: Visitor = { token: placeholder('token') };

export function pageTitle(target: Target): string {
  const { page, item, group } = target;
  if (item) return page.title ? fillTemplate(page.title, { ...item.data, slug: item.slug }) : itemTitle(item);
  if (group) return page.title ? fillTemplate(page.title, { group: group.label, [group.field]: group.label }) : group.label;
  return page.title ?? '';
}

function pageDescription(site: Site, target: Target): string {
  const { page, item, group } = target;
  if (page.description)
    return fillTemplate(page.description, { ...item?.data, slug: item?.slug, group: group?.label, ...(group ? { [group.field]: group.label } : {}) });
  return (item && itemSummary(item)) ?? site.data.site.description;
}

function Page({ contents, registry, title, mainHtml }: { contents: Outline; registry: BlockRegistry; title: string; mainHtml?: string }) {
  const { blocks, footer } = contents;
  if (mainHtml !== undefined) {
    return (
      <Layout footer={footer}>
        <header className="page-header">
          <div className="container">
            <h1>{title}</h1>
          </div>
        </header>
        <div className="block container narrow" dangerouslySetInnerHTML={{ __html: mainHtml }} />
      </Layout>
    );
  }
  if (leadsPage(blocks, registry)) {
    return (
      <Layout footer={footer}>
        <Blocks blocks={blocks} top from={0} />
      </Layout>
    );
  }
  const at = titleIndex(blocks, registry);
  return (
    <Layout footer={footer}>
      <Blocks blocks={blocks.slice(0, at)} from={0} />
      <header className="page-header">
        <div className="container">
          <h1>{title}</h1>
        </div>
      </header>
      <Blocks blocks={blocks.slice(at)} from={at} />
    </Layout>
  );
}

/** One complete HTML document for one address of a site. */
/** A page whose loaded data is still changing (a payment being processed) asks again after a few seconds. */
function refreshOf(loaded: Readonly<Record<string, unknown>> | undefined): string {
  const seconds = Object.values(loaded ?? {})
    .map((v) => (v && typeof v === 'object' ? (v as { refreshAfter?: unknown }).refreshAfter : undefined))
    .find((n): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0);
  return seconds ? `<meta http-equiv="refresh" content="${seconds}">` : '';
}

export function renderPage(site: Site, target: Target, options: RenderOptions, status = 200): RenderedPage {
  const registry = options.blocks ?? site.blocks;
  const contents: Outline = options.mainHtml === undefined ? outline(site, target, registry) : EMPTY_OUTLINE;
  // A test that names the day and not the time gets noon of that day (UTC).
  const now = options.now ?? (options.today ? Date.parse(`${options.today}T12:00:00Z`) : Date.now());
  const ctx: RenderContext = {
    site,
    target,
    blocks: registry,
    query: options.query ?? {},
    // The site's own day: an evening event in New York is still upcoming at 01:00 UTC.
    today: options.today ?? localDate(now, site.data.site.timeZone ?? 'UTC'),
    now,
    visitor: options.visitor ?? PLACEHOLDERS,
    actionOrigin: options.actionOrigin,
    exported: options.exported,
    markBlocks: options.markBlocks,
  };
  const title = pageTitle(target);
  const rendered = renderToString(
    <RenderProvider value={ctx}>
      <Page contents={contents} registry={registry} title={title} mainHtml={options.mainHtml} />
    </RenderProvider>,
  );
  const body = options.markBlocks ? blockMarksToComments(rendered) : rendered;
  const identity = site.data.site;
  // A title that already names the site is not given the name twice.
  const fullTitle = title.includes(identity.name) ? title : `${title} | ${identity.name}`;
  const description = pageDescription(site, target);
  const url = `${options.origin}${publicPath(site.prefix, target.path)}`;
  const image = (target.item && anyFields(target.item.data).image) ?? identity.logo;
  const article = target.item && (target.item.kind === 'post' || target.item.kind === 'news');
  const noindex = target.page.noindex || status !== 200;
  const islands = contents.islands;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(fullTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    status === 200 ? `<link rel="canonical" href="${escapeHtml(url)}">` : '',
    noindex ? '<meta name="robots" content="noindex">' : '',
    refreshOf(options.visitor?.loaded),
    `<meta property="og:type" content="${article ? 'article' : 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(identity.name)}">`,
    `<meta property="og:locale" content="${escapeHtml(identity.language.replace('-', '_'))}">`,
    ...(image ? shareImage(site, image.src, options.origin) : []),
    image ? `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="theme-color" content="${escapeHtml(site.data.theme.colors.primary)}">`,
    '<link rel="icon" href="data:,">',
    options.assets.theme ? `<link rel="stylesheet" href="${escapeHtml(options.assets.theme)}">` : '',
    `<link rel="stylesheet" href="${escapeHtml(options.assets.stylesheet)}">`,
    islands.length && options.assets.script ? loaderScript(options.assets.script, hydrateWhen(contents.placed, ctx)) : '',
    options.assets.devScript ? `<script type="module" src="${escapeHtml(options.assets.devScript)}"></script>` : '',
    ...feedLinks(site, target, options.origin).map(
      (f) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(f.title)}" href="${escapeHtml(f.href)}">`,
    ),
    jsonLdScript(
      structuredData(
        site,
        target,
        options.origin,
        title,
        contents.placed.flatMap((p) => p.definition.structuredData?.(propsOf(p.block), site, target) ?? []),
      ),
    ),
  ].filter(Boolean);
  const html = `<!doctype html>\n<html lang="${escapeHtml(identity.language)}">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
  return {
    html,
    status,
    islands,
    noStore: contents.noStore,
    perRequest: options.visitor ? [] : contents.perRequest,
    actions: contents.posts.length > 0,
    loads: contents.loads.length > 0,
    frames: contents.frames,
    changesAt: soonest(contents.placed.map((p) => p.definition.changesAt?.(propsOf(p.block), site, now))),
  };
}

const soonest = (times: (number | undefined)[]): number | undefined => {
  const known = times.filter((t): t is number => t !== undefined);
  return known.length ? Math.min(...known) : undefined;
};

/** The site's own "page not found", in its look, with its navigation. */
export function renderNotFound(site: Site, path: string, options: RenderOptions): RenderedPage {
  const custom = site.data.notFound;
  const page: PageData = {
    path,
    title: custom?.title ?? 'Page not found',
    blocks: custom?.blocks ?? [...NOT_FOUND_BLOCKS],
  };
  return renderPage(site, { page, pageIndex: -1, path }, options, 404);
}

/** Some blocks alone, as they render on the page at `target` (for the doctor and tests). */
export function blocksHtml(site: Site, target: Target, blocks: readonly BlockData[], today = new Date().toISOString().slice(0, 10)): string {
  return renderToString(
    <RenderProvider value={{ site, target, blocks: site.blocks, query: {}, today, now: Date.parse(`${today}T12:00:00Z`), visitor: PLACEHOLDERS }}>
      <Blocks blocks={blocks} />
    </RenderProvider>,
  );
}

/** The widest copy a link preview is given: large-card previews show about 1200 px, so more is only bytes. */
const SHARE_WIDTH = 1280;

/**
 * The picture a link preview shows: a sized JPEG (PNG when transparent) copy no wider than
 * SHARE_WIDTH, with its size, rather than the original upload, which may be many megabytes; an SVG
 * or animated picture as it is.
 */
function shareImage(site: Site, src: string, origin: string): string[] {
  const facts = site.images.get(src);
  const plan = facts && planOf(facts);
  if (!facts || !plan) return [`<meta property="og:image" content="${escapeHtml(origin + mediaUrl(site.prefix, src))}">`];
  const width = Math.max(...plan.widths.filter((w) => w <= SHARE_WIDTH));
  const height = Math.round((width * facts.height) / facts.width);
  return [
    `<meta property="og:image" content="${escapeHtml(origin + variantUrl(site.prefix, facts.hash, width, plan.fallback))}">`,
    `<meta property="og:image:width" content="${width}">`,
    `<meta property="og:image:height" content="${height}">`,
  ];
}
