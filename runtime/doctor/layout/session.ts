/**
 * One Chromium for a whole `doctor --layout` run: one browser context per screen width, one tab in
 * each, every page of a site loaded in turn in each tab (the widths side by side). The pages come
 * from a small HTTP server on 127.0.0.1 at a port the system picks, with the renderer, stylesheets
 * and media the real server uses, each page rendered with its blocks marked (see BLOCK_MARK).
 * Chromium is told that no other host exists, so nothing leaves the machine.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { mediaUrl } from '../../render/context.tsx';
import { renderPage } from '../../render/page.tsx';
import { publicPath } from '../../render/page-path.ts';
import { Assets } from '../../server/assets.ts';
import type { Site, Target } from '../../site.ts';
import type { BlockRegistry } from '../../../blocks/contract.ts';
import { launchChromium } from './chromium.ts';
import type { Measurement, MeasureOptions } from './measurement.ts';
import { measureScript } from './probe.ts';

export interface Width {
  width: number;
  /** A phone: the header and tap targets are looked at (overflow is looked at every width). */
  phone: boolean;
  /** Tables that must scroll sideways are reported at this width. */
  tables: boolean;
  /** Further widths at which the header alone is measured, on the first page of a site. */
  headerAlso: number[];
}

/** Phones, from the narrowest in use to a large one, and a desktop. */
export const WIDTHS: readonly Width[] = [
  { width: 320, phone: true, tables: true, headerAlso: [360] },
  { width: 390, phone: true, tables: false, headerAlso: [414] },
  { width: 1280, phone: false, tables: false, headerAlso: [] },
];

/** What one page measured at one width. */
export interface Measured {
  width: number;
  target: Target;
  measurement: Measurement;
}

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

export class LayoutSession {
  /** The site being looked at, and its media folder: every tab asks for it. */
  private current?: { site: Site; media: string; today?: string };
  private readonly tabs: { width: Width; page: Page }[] = [];
  private turn: Promise<void> = Promise.resolve();

  private constructor(
    private readonly browser: Browser,
    private readonly server: Server,
    private readonly origin: string,
    private readonly assets: Assets,
  ) {}

  /** A browser with a tab at each width, and the stylesheets of these blocks (those the sites it looks at were read with). */
  static async open(blocks: BlockRegistry, widths: readonly Width[] = WIDTHS): Promise<LayoutSession> {
    const assets = await Assets.load(blocks);
    let session: LayoutSession | undefined;
    const server = createServer((request, response) => {
      session?.answer(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      session = new LayoutSession(browser, server, origin, assets);
      const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width: width.width, height: 800 } });
        if (width.phone) await context.addInitScript(axe);
        session.tabs.push({ width, page: await context.newPage() });
      }
      return session;
    } catch (error) {
      await browser?.close();
      server.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /**
   * Every page of a site at every width. The header is the same on every page, so it is measured
   * on the first page only, at that width and at the width's further header widths.
   */
  measureSite(site: Site, mediaFolder: string, options: { today?: string } = {}): Promise<Measured[]> {
    // The tabs look at one site at a time: a second call waits for the first.
    const run = this.turn.then(async () => {
      this.current = { site, media: mediaFolder, today: options.today };
      try {
        const each = await Promise.all(this.tabs.map((tab) => this.measureAtWidth(tab, site)));
        return each.flat();
      } finally {
        this.current = undefined;
      }
    });
    this.turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async measureAtWidth({ width, page }: { width: Width; page: Page }, site: Site): Promise<Measured[]> {
    const out: Measured[] = [];
    let first = true;
    for (const target of site.targets) {
      const options: MeasureOptions = { tables: width.tables, taps: width.phone, header: width.phone && first };
      const path = publicPath(site.prefix, target.path);
      const response = await page.goto(`${this.origin}${encodeURI(path)}`, { waitUntil: 'load' });
      if (!response?.ok()) throw new Error(`${path} answered ${response?.status()} in Chromium`);
      out.push({ width: width.width, target, measurement: await this.evaluate(page, options) });
      if (first && width.phone) {
        for (const also of width.headerAlso) {
          await page.setViewportSize({ width: also, height: 800 });
          out.push({ width: also, target, measurement: await this.evaluate(page, { tables: false, taps: false, header: true }) });
        }
        await page.setViewportSize({ width: width.width, height: 800 });
      }
      first = false;
    }
    return out;
  }

  private evaluate(page: Page, options: MeasureOptions): Promise<Measurement> {
    return page.evaluate<Measurement>(measureScript(options));
  }

  /** The current site's pages and media, and the stylesheets; 404 for anything else. */
  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const current = this.current;
    const send = (status: number, type?: string, body?: string | Buffer, cache = false) => {
      response.writeHead(status, { ...(type ? { 'content-type': type } : {}), 'cache-control': cache ? 'public, max-age=31536000, immutable' : 'no-store' });
      response.end(body);
    };
    if (url.pathname.startsWith('/assets/')) {
      const file = this.assets.get(url.pathname.slice('/assets/'.length));
      return file ? send(200, file.type, file.body, true) : send(404);
    }
    if (!current) return send(404);
    const { site } = current;
    const media = mediaUrl(site.prefix, '');
    if (url.pathname.startsWith(media)) {
      const name = decodeURIComponent(url.pathname.slice(media.length));
      const type = TYPES[extname(name).toLowerCase()];
      return site.media.has(name) && type ? send(200, type, await readFile(join(current.media, name)), true) : send(404);
    }
    const path = decodeURIComponent(url.pathname);
    const target = site.targets.find((t) => publicPath(site.prefix, t.path) === path);
    if (!target) return send(404);
    const { html } = renderPage(site, target, { origin: this.origin, assets: this.assets.sheetsFor(site), today: current.today, markBlocks: true });
    return send(200, 'text/html; charset=utf-8', html);
  }
}
