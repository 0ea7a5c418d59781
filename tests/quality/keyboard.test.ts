/**
 * Keyboard use in real Chromium, on representative pages picked from the fleet by what they hold:
 * the navigation at phone width (open the menu, reach a link), FAQs (Enter opens an answer),
 * forms (Tab walks every field in order, each with a visible focus outline) and calculators
 * (the result follows a value changed from the keyboard).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFleet, type Fleet } from '../../runtime/fleet.ts';
import type { Target } from '../../runtime/site.ts';
import { launchChromium } from '../helpers/browser.ts';
import { violations } from './axe.ts';
import { fleetApp, SITES, type App } from './fleet.ts';
import { BLOCKS } from '../../blocks/registry.ts';

const PHONE = { width: 390, height: 844 };

let app: App;
let fleet: Fleet;
let browser: Browser;
let origin: string;
let context: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  [app, fleet, browser] = await Promise.all([fleetApp(), loadFleet(SITES, BLOCKS), launchChromium()]);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  [context, phone] = await Promise.all([browser.newContext(), browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface Template {
  url: string;
  target: Target;
  blocks: Record<string, unknown>[];
}

/** The first address of each page entry of each site, with the page's blocks. */
function templates(): Template[] {
  const out: Template[] = [];
  for (const site of fleet.sites.values()) {
    const seen = new Set<number>();
    for (const target of site.targets) {
      if (seen.has(target.pageIndex)) continue;
      seen.add(target.pageIndex);
      const url = `/${site.prefix}${target.path === '/' ? '' : target.path}`;
      out.push({ url, target, blocks: target.page.blocks ?? [] });
    }
  }
  return out;
}

/** Pages with a block of this type, at most one per site, first `count` of them by a score (higher first). */
function pick(type: string, count: number, score: (block: Record<string, unknown>) => number = () => 0): { url: string; block: Record<string, unknown> }[] {
  const found = templates().flatMap((t) => t.blocks.filter((b) => b.type === type).map((block) => ({ url: t.url, site: t.url.split('/')[1], block })));
  const perSite = new Map<string, (typeof found)[number]>();
  for (const f of found) if (!perSite.has(f.site as string) || score(f.block) > score(perSite.get(f.site as string)!.block)) perSite.set(f.site as string, f);
  return [...perSite.values()].sort((a, b) => score(b.block) - score(a.block)).slice(0, count);
}

async function open(ctx: BrowserContext, url: string): Promise<Page> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto(origin + url);
  expect(res?.status(), url).toBe(200);
  Object.assign(page, { errors });
  return page;
}

/** What has focus, where it is, and how its focus outline looks against what is behind it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    let behind = 'rgb(255, 255, 255)';
    for (let node: Element | null = el.parentElement; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
        behind = bg;
        break;
      }
    }
    const box = el.getBoundingClientRect();
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      name: el.getAttribute('name') ?? '',
      text: (el.textContent ?? '').trim().slice(0, 60),
      href: el.getAttribute('href'),
      inNav: Boolean(el.closest('nav.site-nav')),
      inForm: Boolean(el.closest('main form')),
      outline: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor },
      behind,
      visible: box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.left < innerWidth && style.visibility !== 'hidden',
    };
  });
}

const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as [number, number, number];
const luminance = (css: string) => {
  const [r, g, b] = channels(css).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** A focus indicator a sighted keyboard user can see: a solid outline of 2px or more, 3:1 against what is behind it. */
function expectVisibleFocus(state: Awaited<ReturnType<typeof focused>>, where: string) {
  expect(state, `${where}: nothing has focus`).not.toBeNull();
  const s = state!;
  const what = `${where}: <${s.tag}${s.id ? `#${s.id}` : ''}> "${s.text}"`;
  expect(s.visible, `${what} is off screen`).toBe(true);
  expect(s.outline.style, `${what} has no focus outline`).not.toBe('none');
  expect(s.outline.width, `${what} has a focus outline under 2px`).toBeGreaterThanOrEqual(2);
  expect(contrast(s.outline.color, s.behind), `${what}: focus outline ${s.outline.color} on ${s.behind}`).toBeGreaterThanOrEqual(3);
}

/** Presses Tab until the focused element passes the test (or gives up). */
async function tabTo(page: Page, test: (s: NonNullable<Awaited<ReturnType<typeof focused>>>) => boolean, limit = 400) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const s = await focused(page);
    if (s && test(s)) return s;
  }
  throw new Error(`Tab never reached the element after ${limit} presses`);
}

describe('with the keyboard', () => {
  it('opens the menu at phone width and reaches a link, with visible focus all the way', async () => {
    const sites = [...fleet.sites.values()].filter((s) => s.data.navigation.length > 0);
    const byLength = [...sites].sort((a, b) => b.data.navigation.length - a.data.navigation.length);
    const chosen = [...new Set([byLength[0], byLength[byLength.length - 1], sites[Math.floor(sites.length / 2)]].filter(Boolean))];
    expect(chosen.length).toBeGreaterThan(1);
    for (const site of chosen) {
      const page = await open(phone, `/${site!.prefix}`);
      const skip = await tabTo(page, () => true, 1);
      expect(skip?.text).toBe('Skip to content');
      expectVisibleFocus(skip, `/${site!.prefix} skip link`);
      const summary = await tabTo(page, (s) => s.tag === 'summary' && s.inNav, 5);
      expectVisibleFocus(summary, `/${site!.prefix} menu button`);
      expect(await page.locator('.site-nav ul').isVisible()).toBe(false);
      await page.keyboard.press('Enter');
      expect(await page.locator('.site-nav details').getAttribute('open')).not.toBeNull();
      expect(await page.locator('.site-nav ul').isVisible()).toBe(true);
      const link = await tabTo(page, (s) => s.tag === 'a', 1);
      expect(link.inNav, `/${site!.prefix}: the first Tab after opening the menu leaves it`).toBe(true);
      expectVisibleFocus(link, `/${site!.prefix} first menu link`);
      expect(await violations(page), `/${site!.prefix} with the menu open at phone width`).toEqual([]);
      // The wait starts before the key is pressed: the first link may be the page itself (Home), whose URL matches already.
      await Promise.all([page.waitForEvent('framenavigated'), page.keyboard.press('Enter')]);
      await page.waitForLoadState('load');
      expect(page.url()).toBe(`${origin}${link.href}`);
      await page.close();
    }
  });

  it('opens an FAQ answer with Enter', async () => {
    const chosen = pick('faq', 3, (b) => (b.open ? -100 : 0) + ((b.items as unknown[]).length ?? 0));
    expect(chosen.length).toBeGreaterThan(0);
    for (const { url } of chosen) {
      const page = await open(context, url);
      const question = await tabTo(page, (s) => s.tag === 'summary' && !s.inNav);
      expectVisibleFocus(question, `${url} first question`);
      const details = page.locator('.faq details').first();
      const answer = details.locator('.faq-answer');
      expect(await answer.isVisible()).toBe(false);
      await page.keyboard.press('Enter');
      expect(await details.getAttribute('open')).not.toBeNull();
      expect(await answer.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await answer.isVisible()).toBe(false);
      await page.close();
    }
  });

  it('walks every field of a form with Tab, in order, each with a visible focus outline', async () => {
    const kinds = (b: Record<string, unknown>) => new Set(JSON.stringify(b).match(/"kind":"[a-z]+"/g) ?? []).size;
    const chosen = pick('form', 3, kinds);
    expect(chosen.length).toBeGreaterThan(0);
    for (const { url } of chosen) {
      const page = await open(context, url);
      const form = page.locator('main form').first();
      // What Tab should visit: each control a person can use, one stop per group of radio buttons.
      const expected = await form.evaluate((f) => {
        const stops: string[] = [];
        const radios = new Set<string>();
        for (const el of Array.from(f.querySelectorAll<HTMLElement>('input, select, textarea, button'))) {
          const input = el as HTMLInputElement;
          if (input.type === 'hidden' || el.tabIndex < 0 || input.disabled || el.closest('[aria-hidden="true"]') || !el.getClientRects().length) continue;
          if (input.type === 'radio') {
            if (radios.has(input.name)) continue;
            radios.add(input.name);
          }
          stops.push(el.id || `${el.tagName.toLowerCase()}[name=${input.name}]`);
        }
        return stops;
      });
      expect(expected.length, `${url}: a form with fields`).toBeGreaterThan(1);
      // Focus reaching the form hydrates it; that happens first, so the walk is not cut by the form becoming live under it.
      await form.locator('input:not([type=hidden]), select, textarea').first().focus();
      await page.waitForSelector('main [data-island="form"][data-hydrated="true"]');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const first = await tabTo(page, (s) => Boolean(s.inForm));
      const key = (s: NonNullable<typeof first>) => s.id || `${s.tag}[name=${s.name}]`;
      const visited = [first];
      // A date field takes one Tab per part (month, day, year): one stop here.
      for (let i = 0; i < expected.length * 4; i++) {
        await page.keyboard.press('Tab');
        const s = await focused(page);
        if (!s?.inForm) break;
        if (key(s) !== key(visited[visited.length - 1]!)) visited.push(s);
      }
      expect(visited.map(key), url).toEqual(expected);
      for (const s of visited) expectVisibleFocus(s, url);
      await page.close();
    }
  });

  it('recomputes a calculator from a value changed with the keyboard', async () => {
    const chosen = pick('calculator', 3, (b) => (b.inputs as unknown[]).length);
    expect(chosen.length).toBeGreaterThan(0);
    for (const { url } of chosen) {
      const page = await open(context, url);
      const before = (await page.locator('.calculator output').allTextContents()).join('\n');
      const field = await tabTo(page, (s) => Boolean(s.inForm) && (s.tag === 'input' || s.tag === 'select'));
      expectVisibleFocus(field, `${url} calculator`);
      // Focus reaching the calculator is what hydrates it.
      await page.waitForSelector('[data-island="calculator"][data-hydrated="true"]');
      // Up (or down, at the top of the range) changes a number or picks another option. The
      // field's value changes with the key press itself; the result follows it.
      const value = () => page.evaluate(() => (document.activeElement as HTMLInputElement | HTMLSelectElement).value);
      const start = await value();
      await page.keyboard.press('ArrowUp');
      if ((await value()) === start) await page.keyboard.press('ArrowDown');
      if ((await value()) === start) await page.keyboard.press('ArrowDown');
      expect(await value(), `${url}: the arrow keys did not change the field`).not.toBe(start);
      await page.waitForFunction((was) => [...document.querySelectorAll('.calculator output')].map((o) => o.textContent).join('\n') !== was, before);
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
      await page.close();
    }
  });
});
