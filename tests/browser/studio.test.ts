/**
 * The studio in a real browser, on a desktop and a phone: sign in by the mailed link, type a
 * mistake and see the server's problem at its line, apply its fix with one click, preview the draft,
 * click a block in the preview and land on its lines, upload a picture and insert it, publish and
 * see the page served, compare with the version before and restore it. The time from a keystroke to
 * its problem on screen is measured and printed (median and p95 over several keystrokes).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { appWithData } from '../helpers/app.ts';
import { launchChromium } from '../helpers/browser.ts';
import { deskApp } from '../helpers/desk.ts';
import { outboxOf } from '../helpers/money.ts';
import { flat } from '../helpers/pictures.ts';
import { lineOf, studioFleet } from '../helpers/studio.ts';
import { violations, withAxe } from '../quality/axe.ts';

let ctx: Awaited<ReturnType<typeof appWithData>>;
let browser: Browser;
let origin: string;
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  ({ ctx } = await deskApp({}, { origin: 'http://127.0.0.1' }, await studioFleet()));
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.app.close();
});

async function open(width: number, height: number, state?: typeof signedIn): Promise<Page> {
  const context = await withAxe(await browser.newContext({ viewport: { width, height }, ...(state ? { storageState: state } : {}) }));
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const editorText = (page: Page) => page.locator('#studio-text').inputValue();

/** Puts the cursor just before (or after) `text` in the editor, as an owner would by keyboard: find it, close the search, step to its start (or end). */
async function cursorAt(page: Page, text: string, where: 'before' | 'after'): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+f');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  // Closing the search gives the editor its focus back; the arrow is for the editor.
  await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
  await page.keyboard.press(where === 'before' ? 'ArrowLeft' : 'ArrowRight');
}
const cursorBefore = (page: Page, text: string) => cursorAt(page, text, 'before');
const cursorAfter = (page: Page, text: string) => cursorAt(page, text, 'after');

/**
 * axe over the studio's page, its preview frame left out: a frame is a document of its own, and
 * axe would otherwise count the site's header, navigation and footer in it as the page's landmarks
 * twice. The preview's document is checked by itself (see previewViolations).
 */
const studioViolations = (page: Page) => violations(page, { exclude: ['#studio-preview'] });

/** axe over the preview's own document, opened as a page of its own. */
async function previewViolations(page: Page): Promise<string[]> {
  const url = await page.locator('#studio-preview').getAttribute('src');
  const alone = await page.context().newPage();
  await alone.goto(`${origin}${url ?? ''}`);
  const found = await violations(alone);
  await alone.close();
  return found;
}

/**
 * Presses a key in the editor and measures, in the page, from the key going down to the status
 * line saying what the server found (`pattern`): the time an owner waits for their problem.
 */
async function keyToStatus(page: Page, key: string, pattern: RegExp): Promise<number> {
  // The promise is kept in the page (handing it back would wait for it before the key is pressed).
  await page.evaluate((source) => {
    (window as { waited?: Promise<number> }).waited = new Promise<number>((resolve) => {
      const status = document.querySelector('#studio-status') as HTMLElement;
      let pressed = 0;
      document.addEventListener('keydown', () => (pressed ||= performance.now()), { capture: true, once: true });
      const seen = new MutationObserver(() => {
        if (!pressed || !new RegExp(source).test(status.textContent ?? '')) return;
        seen.disconnect();
        resolve(performance.now() - pressed);
      });
      seen.observe(status, { childList: true, subtree: true, characterData: true });
    });
  }, pattern.source);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as { waited?: Promise<number> }).waited as Promise<number>);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((values.length * p) / 100) - 1)] ?? 0;

/** Signs in as alpha's owner through the page and the link in the outbox, and keeps the signed-in state for the phone. */
async function signInInBrowser(page: Page): Promise<void> {
  await page.goto(`${origin}/alpha/desk`);
  await page.getByLabel('Your e-mail address').fill('olga@alpha.example.com');
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByText('If that address may sign in, a link is on its way').waitFor();
  await ctx.app.afterReply.idle();
  const mail = (await outboxOf(ctx.dataDir)).map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).find((m) => m.includes('/alpha/desk/sign-in?token='));
  const link = /http:\/\/127\.0\.0\.1(\/alpha\/desk\/sign-in\?token=[\w-]+)/.exec(mail ?? '')?.[1];
  await page.goto(`${origin}${link}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Signed in as Olga Alpha').waitFor();
  signedIn = await page.context().storageState();
}

/**
 * A mistake typed and taken back, ten times: its problem at its line each time, from the server.
 * Prints the time from each keystroke to the status line saying what the server found.
 */
async function typeMistakes(page: Page, original: string): Promise<void> {
  // A mistake, typed: its problem at its line, from the server, again and again as the owner types and undoes it.
  const line = lineOf(original, 'heading: Leaks fixed today');
  const shown: number[] = [];
  const gone: number[] = [];
  await cursorBefore(page, 'heading: Leaks fixed today');
  for (let i = 0; i < 10; i++) {
    shown.push(await keyToStatus(page, 'x', /error/));
    await page.locator('#studio-problems').getByText(`Line ${line}, column 9`).waitFor();
    await page.locator('.cm-lintRange-error').first().waitFor();
    gone.push(await keyToStatus(page, 'Backspace', /^No problems/));
  }
  const all = [...shown, ...gone];
  console.log(
    `typing to the server's answer on screen (400 ms pause included), ${all.length} keystrokes: median ${percentile(all, 50).toFixed(0)} ms, p95 ${percentile(all, 95).toFixed(0)} ms ` +
      `(a problem appearing: median ${percentile(shown, 50).toFixed(0)} ms; going: median ${percentile(gone, 50).toFixed(0)} ms)`,
  );
}

describe('the studio in a browser', () => {
  it(
    'on a desktop: a mistake at its line, its fix, the preview, a block found from the preview, a picture, publish, compare and restore',
    { timeout: 300_000 },
    async () => {
      const page = await open(1280, 900);
      await signInInBrowser(page);

      await page.getByRole('link', { name: 'Edit the site' }).click();
      await page.locator('.cm-editor').waitFor();
      await page.getByText('No problems').first().waitFor();
      const original = await editorText(page);
      expect(await studioViolations(page)).toEqual([]);
      expect(await previewViolations(page)).toEqual([]);

      await typeMistakes(page, original);

      // Its fix, applied with one click, makes exactly the edit: the text is the original again.
      await page.keyboard.type('x');
      const fix = page.locator('#studio-problems').getByRole('button', { name: /^Apply fix/ });
      await fix.waitFor();
      expect(await studioViolations(page)).toEqual([]);
      await fix.click();
      expect(await editorText(page)).toBe(original);
      await page.getByText('No problems').first().waitFor();

      // The preview follows the draft; a click on a block there finds its lines here.
      await cursorAfter(page, 'fixed today');
      await page.keyboard.type(' and tonight');
      const preview = page.frameLocator('#studio-preview');
      await preview.getByRole('heading', { name: 'Leaks fixed today and tonight' }).waitFor();
      await cursorBefore(page, 'title: Contact us');
      await preview.getByRole('heading', { name: 'Leaks fixed today and tonight' }).click();
      await expect.poll(() => page.locator('.cm-activeLine').first().textContent()).toContain('- type: hero');

      // A picture, uploaded beside the editor and inserted where the cursor is.
      await page.locator('#studio-file').setInputFiles({ name: 'Shop Front.png', mimeType: 'image/png', buffer: await flat(1200, 800, 'png') });
      await page.locator('#studio-upload').getByRole('button', { name: 'Upload' }).click();
      await page.getByText('Uploaded shop-front.png').waitFor();
      await cursorAfter(page, 'today and tonight');
      await page.keyboard.press('Enter');
      await page.keyboard.type('image: { src: ');
      await page.getByRole('button', { name: 'Insert shop-front.png' }).click();
      await page.keyboard.type(', alt: Our shop front ');
      expect(await editorText(page)).toContain('image: { src: shop-front.png, alt: Our shop front }');
      await page.getByText('No problems').first().waitFor();
      await preview.getByRole('img', { name: 'Our shop front' }).waitFor();

      // Published: served to the public at once.
      await page.getByLabel('What changed (shown in the history)').fill('Evening repairs and our shop');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published version 2').waitFor();
      const live = await (await fetch(`${origin}/alpha`)).text();
      expect(live).toContain('Leaks fixed today and tonight');
      expect(live).toContain('alt="Our shop front"');

      // The history compares it with the version before, and restores that one as a new version.
      await page.goto(`${origin}/alpha/desk/studio/history`);
      await page.getByRole('link', { name: 'Compare with version 1' }).click();
      await page.locator('.cm-mergeView').waitFor();
      await page.getByText('Leaks fixed today and tonight').first().waitFor();
      expect(await studioViolations(page)).toEqual([]);
      await page.goto(`${origin}/alpha/desk/studio/history`);
      expect(await studioViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Restore version 1' }).click();
      await page.getByText('Restored version 3').waitFor();
      const back = await (await fetch(`${origin}/alpha`)).text();
      expect(back).toContain('Leaks fixed today');
      expect(back).not.toContain('and tonight');
      await page.context().close();
    },
  );

  it('on a phone: editor and preview as tabs, a problem shown, nothing sideways, and the keyboard can leave the editor', { timeout: 180_000 }, async () => {
    const page = await open(390, 844, signedIn);
    await page.goto(`${origin}/alpha/desk/studio`);
    await page.locator('.cm-editor').waitFor();
    await page.getByText('No problems').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await studioViolations(page)).toEqual([]);
    const text = await editorText(page);
    await cursorBefore(page, 'title: Contact us');
    await page.keyboard.type('x');
    await page
      .locator('#studio-problems')
      .getByText(`Line ${lineOf(text, 'title: Contact us')}, column`)
      .waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    // Esc then Tab leaves the editor: the keyboard is never trapped.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.cm-editor')))).toBe(false);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => page.locator('#studio-preview').isVisible()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await studioViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Editor' }).click();
    await page.keyboard.press('Backspace');
    // Suggestions from the schema, asked for: the hero block's keys.
    await cursorAfter(page, 'heading: Leaks fixed today');
    await page.keyboard.press('Enter');
    await page.keyboard.type('eyeb');
    await page.keyboard.press('Control+Space');
    await page.locator('.cm-tooltip-autocomplete').getByText('eyebrow').first().waitFor();
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});
