import type { ReactNode } from 'react';
import type { BlockData } from '../../schema/common.ts';
import { Blocks } from './Blocks.tsx';
import { useHref, useRender } from './context.tsx';
import { Img } from './Img.tsx';
import { isWideLogo, logoSizes } from '../images/view.ts';
import { searchPath } from '../search/site-search.ts';
import { dateTimeFormat } from './intl.ts';

const DAY_LABELS: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** The header's logo is at most 3rem high and 18rem wide (styles.css), in CSS pixels for its `sizes`. */
const LOGO_HIGH = 48;
const LOGO_WIDEST = 288;

const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

function Header() {
  const { site, target } = useRender();
  const href = useHref();
  const { data } = site;
  const current = target.path;
  const isCurrent = (link: string) => link === current;
  const inSection = (link: string) => link !== '/' && current.startsWith(`${link}/`);
  const logo = data.site.logo;
  const wide = Boolean(logo && isWideLogo(logo, site.images.get(logo.src)));
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className={wide ? 'brand brand-wide' : 'brand'} href={href('/')}>
          {logo ? (
            <Img
              // A wide logo is the name written out: it stands alone, and the name is what it says to those who cannot see it.
              image={wide ? { ...logo, alt: data.site.name } : logo}
              sizes={logoSizes(site, logo, LOGO_HIGH, LOGO_WIDEST)}
              className="brand-logo"
              eager
            />
          ) : null}
          {wide && !data.site.tagline ? null : (
            <span className="brand-text">
              {wide ? null : <span className="brand-name">{data.site.name}</span>}
              {data.site.tagline ? <span className="brand-tagline">{data.site.tagline}</span> : null}
            </span>
          )}
        </a>
        {data.navigation.length ? (
          <nav aria-label="Main" className="site-nav">
            <details className="nav-menu">
              <summary>Menu</summary>
              <ul>
                {data.navigation.map((link) => (
                  <li key={link.href + link.label}>
                    <a
                      href={href(link.href)}
                      aria-current={isCurrent(link.href) ? 'page' : undefined}
                      className={inSection(link.href) ? 'in-section' : undefined}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </details>
          </nav>
        ) : null}
        <HeaderSearch />
      </div>
    </header>
  );
}

/** A plain GET form to the site's search page, on every other page of a site that has one (`search: true`), in a search landmark. */
function HeaderSearch() {
  const { site, target } = useRender();
  const href = useHref();
  const path = searchPath(site);
  if (!path || path === target.path) return null;
  return (
    <search className="site-search">
      <form method="get" action={href(path)}>
        <label htmlFor="site-search-q" className="visually-hidden">
          {`Search ${site.data.site.name}`}
        </label>
        <input id="site-search-q" type="text" name="q" maxLength={200} />
        <button type="submit">Search</button>
      </form>
    </search>
  );
}

/** The site's footer: its own blocks (`footer.blocks`, such as a newsletter form), then who it is, its hours and its links. */
function Footer({ blocks }: { blocks: readonly BlockData[] }) {
  const { site } = useRender();
  const href = useHref();
  const { site: id, footer } = site.data;
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      {blocks.length ? (
        <div className="footer-blocks">
          <Blocks blocks={blocks} />
        </div>
      ) : null}
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-heading">
            {id.name}
          </h2>
          {footer?.text ? <p>{footer.text}</p> : null}
          {id.address ? (
            <address>
              {id.address.street}
              <br />
              {id.address.locality}
              {id.address.region ? `, ${id.address.region}` : ''}
              {id.address.postalCode ? ` ${id.address.postalCode}` : ''}
            </address>
          ) : null}
          {id.phone || id.email ? (
            <ul className="footer-contact">
              {id.phone ? (
                <li>
                  <a href={telHref(id.phone)}>{id.phone}</a>
                </li>
              ) : null}
              {id.email ? (
                <li>
                  <a href={`mailto:${id.email}`}>{id.email}</a>
                </li>
              ) : null}
            </ul>
          ) : null}
        </section>
        {id.hours?.length ? (
          <section aria-labelledby="footer-hours">
            <h2 id="footer-hours" className="footer-heading">
              Opening hours
            </h2>
            <dl className="hours">
              {id.hours.map((h) => (
                <div key={h.days.join()}>
                  <dt>
                    {h.days.length > 2 && isRun(h.days)
                      ? `${DAY_LABELS[h.days[0] as string]}–${DAY_LABELS[h.days[h.days.length - 1] as string]}`
                      : h.days.map((d) => DAY_LABELS[d]).join(', ')}
                  </dt>
                  <dd>
                    {clock(h.opens, id.language)}–{clock(h.closes, id.language)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {footer?.links?.length || id.social?.length ? (
          <nav aria-label="Footer" className="footer-links">
            <h2 className="footer-heading">More</h2>
            <ul>
              {footer?.links?.map((link) => (
                <li key={link.href + link.label}>
                  <a href={href(link.href)}>{link.label}</a>
                </li>
              ))}
              {id.social?.map((s) => (
                <li key={s.url}>
                  <a href={s.url} rel="me noopener">
                    {SOCIAL_LABELS[s.network] ?? s.network}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="container footer-base">
        <p>
          © {year} {id.name}
        </p>
      </div>
    </footer>
  );
}

/** "17:30" as the site's language writes a time: "5:30 PM" in en-US, "17:30" in en-GB. */
function clock(time: string, locale: string): string {
  const [h, m] = time.split(':').map(Number);
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, h, m));
}

const ORDER = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const isRun = (days: readonly string[]) => days.every((d, i) => i === 0 || ORDER.indexOf(d) === ORDER.indexOf(days[i - 1] as string) + 1);

const SOCIAL_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  yelp: 'Yelp',
  nextdoor: 'Nextdoor',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  threads: 'Threads',
};

export function Layout({ children, footer = [] }: { children: ReactNode; footer?: readonly BlockData[] }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer blocks={footer} />
    </>
  );
}
