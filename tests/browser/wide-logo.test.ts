/**
 * A wide logo in the header, in a real Chromium at phone widths: it stands alone (the name is what
 * it says to a screen reader), fits the header's height, never runs under the menu button, and
 * never makes the page scroll sideways; the browser loads its AVIF copy. A logo of ordinary shape
 * keeps the name beside it.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_YAML } from '../helpers/site.tsx';
import { flat, wideLogo } from '../helpers/pictures.ts';
import { servedInChromium } from '../helpers/served.ts';

const NAVIGATION = `  - label: Services
    href: /
  - label: About
    href: /
  - label: Prices
    href: /
  - label: Contact us
    href: /
`;

/** A site named `name` whose logo is `logo` (a PNG), with a menu of five links. */
async function addSite(dir: string, prefix: string, name: string, logo: Buffer, tagline = '') {
  await mkdir(join(dir, prefix, 'media'), { recursive: true });
  await writeFile(join(dir, prefix, 'media', 'logo.png'), logo);
  const yaml = `${BASE_YAML.replace('Maple Falls Dental', name).replace('  kind: dentist\n', `  kind: dentist\n${tagline ? `  tagline: ${tagline}\n` : ''}  logo:\n    src: logo.png\n    alt: ""\n`)}${NAVIGATION}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Gentle care for every smile
`;
  await writeFile(join(dir, prefix, 'site.yaml'), yaml);
}

async function sites(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitewright-wide-logo-'));
  await addSite(dir, 'wide', 'Riverside Family Dental and Orthodontics', await wideLogo(1200, 200));
  await addSite(dir, 'wider', 'Northgate Heating, Cooling and Plumbing', await wideLogo(2400, 120), 'Same-day repairs across Northumberland-and-Westmorland');
  await addSite(dir, 'square', 'Oak Dental', await flat(200, 100, 'png'));
  return dir;
}
const served = servedInChromium(sites, {});

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

async function header(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r && { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const logo = document.querySelector<HTMLImageElement>('.brand-logo');
    const menu = document.querySelector<HTMLElement>('.nav-menu > summary');
    return {
      logo: box(logo),
      menu: box(menu),
      tagline: box(document.querySelector('.brand-tagline')),
      // The button's words overflow it when the header squeezes it.
      menuClipped: !menu || menu.scrollWidth > menu.clientWidth,
      innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      loaded: Boolean(logo?.complete && logo.naturalWidth > 0),
      currentSrc: logo?.currentSrc ?? '',
      alt: logo?.alt,
      name: document.querySelector('.brand-name')?.textContent ?? null,
    };
  });
}

describe('a wide logo in the header', () => {
  for (const width of [320, 390, 414]) {
    it(`stands alone, fits the header and never meets the menu button at ${width} px`, async () => {
      const context = await served.browser.newContext({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true });
      try {
        const page = await context.newPage();
        for (const [prefix, name] of [
          ['wide', 'Riverside Family Dental and Orthodontics'],
          ['wider', 'Northgate Heating, Cooling and Plumbing'],
        ] as const) {
          await page.goto(`${served.origin}/${prefix}`, { waitUntil: 'load' });
          const h = await header(page);
          const where = `/${prefix} at ${width} px`;
          expect(h.loaded, `${where}: ${JSON.stringify(h)}`).toBe(true);
          expect(h.currentSrc, where).toMatch(/\/media\/_v\/[0-9a-f]{16}-\d+\.avif$/);
          expect(h.name, where).toBeNull();
          expect(h.alt, where).toBe(name);
          // The link home is named by the logo (and the tagline after it, when there is one).
          await expect(
            page
              .getByRole('link', { name: new RegExp(`^${name}`) })
              .first()
              .isVisible(),
            where,
          ).resolves.toBe(true);
          expect(h.logo && h.menu, where).toBeTruthy();
          expect(h.logo!.height, where).toBeGreaterThan(0);
          expect(h.logo!.height, where).toBeLessThanOrEqual(48);
          expect(h.logo!.left, where).toBeGreaterThanOrEqual(0);
          expect(overlap(h.logo!, h.menu!), `${where}: logo ${JSON.stringify(h.logo)} menu ${JSON.stringify(h.menu)}`).toBe(false);
          if (h.tagline) expect(overlap(h.tagline, h.menu!), `${where}: tagline ${JSON.stringify(h.tagline)} menu ${JSON.stringify(h.menu)}`).toBe(false);
          expect(h.menuClipped, where).toBe(false);
          expect(h.menu!.right, where).toBeLessThanOrEqual(h.innerWidth);
          expect(h.scrollWidth, where).toBeLessThanOrEqual(h.innerWidth);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('of ordinary shape keeps the name beside it', async () => {
    const context = await served.browser.newContext({ viewport: { width: 390, height: 800 }, isMobile: true });
    try {
      const page = await context.newPage();
      await page.goto(`${served.origin}/square`, { waitUntil: 'load' });
      const h = await header(page);
      expect(h.name).toBe('Oak Dental');
      expect(h.alt).toBe('');
      expect(overlap(h.logo!, h.menu!)).toBe(false);
      expect(h.scrollWidth).toBeLessThanOrEqual(h.innerWidth);
    } finally {
      await context.close();
    }
  });
});
