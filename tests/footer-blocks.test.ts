/**
 * Blocks in the footer of every page (`footer.blocks`): a newsletter form there is shown on every
 * page, posts to the page it is on and is stored from there, and comes back beside its own field
 * when an answer is wrong. A page that shows the same form itself shows it once.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithData } from './helpers/app.ts';
import { postForm } from './helpers/posts.ts';
import { problemsOf } from './helpers/site.tsx';

export const NEWSLETTER = `      - type: form
        form: newsletter
        purpose: newsletter
        heading: Workshop news by e-mail
        submit: Subscribe
        success: Thank you. Open the e-mail we have sent to confirm your address.
        fields:
          - { name: email, label: E-mail address, kind: email, required: true }
`;

const SITE = `schemaVersion: 1
site:
  name: Spokes and Sprockets
  kind: bicycle-shop
  description: Bicycle repairs in Maple Falls.
  email: hello@spokes.example.com
theme:
  colors: { primary: "#134e4a" }
navigation:
  - { label: Home, href: / }
footer:
  text: Every repair guaranteed for three months.
  blocks:
${NEWSLETTER}pages:
  - path: /
    title: Home
    blocks:
      - type: hero
        heading: Back on the road tomorrow
  - path: /services
    title: Services
    blocks:
      - type: rich-text
        markdown: Punctures, brakes, gears.
  - path: /contact
    title: Contact
    blocks:
      - type: form
        form: contact
        heading: Ask the workshop
        submit: Send
        success: Thank you. We reply within a day.
        fields:
          - { name: question, label: Your question, kind: textarea, required: true }
  - path: /news
    title: News
    blocks:
${NEWSLETTER}`;

let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  const sites = await mkdtemp(join(tmpdir(), 'sitewright-footer-'));
  await mkdir(join(sites, 'spokes'));
  await writeFile(join(sites, 'spokes', 'site.yaml'), SITE);
  ctx = await appWithData(sites);
}, 120_000);
afterAll(() => ctx?.app.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const footerOf = (html: string) => html.slice(html.indexOf('<footer class="site-footer">'));
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const subscribe = async (page: string, email: string) => {
  const res = await postForm(ctx.app, page, { _form: 'newsletter', email, _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
  await ctx.app.afterReply.idle();
  return res;
};
const contacts = async () => (JSON.parse(await readFile(join(ctx.dataDir, 'spokes.json'), 'utf8')) as { contacts?: Record<string, string>[] }).contacts ?? [];

describe('a newsletter form in the footer', () => {
  it('is in the footer of every page, posting to that page, with a time stamp of its own', async () => {
    for (const [url, path] of [
      ['/spokes', '/spokes'],
      ['/spokes/services', '/spokes/services'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const footer = footerOf(res.body);
      expect(footer).toContain('<h2 id="newsletter-heading">Workshop news by e-mail</h2>');
      expect(footer).toContain(`<form action="${path}" method="post">`);
      expect(footer).toMatch(/<input type="hidden" name="_t" value="[^"]+"/);
      expect(footer).not.toContain('sw-token-');
      // Before the footer's own details, which stay as they were.
      expect(footer.indexOf('newsletter-heading')).toBeLessThan(footer.indexOf('footer-about'));
      expect(mainOf(res.body)).not.toContain('newsletter');
    }
    // The site's "page not found" has no address of its own to take the post: it leaves the form out.
    const missing = await get('/spokes/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(footerOf(missing.body)).toContain('Every repair guaranteed for three months.');
    expect(missing.body).not.toContain('Workshop news by e-mail');
  });

  it('is shown once on a page that shows the same form itself: in the page, not again below it', async () => {
    const html = (await get('/spokes/news')).body;
    expect(html.match(/name="_form" value="newsletter"/g)).toHaveLength(1);
    expect(mainOf(html)).toContain('Workshop news by e-mail');
    expect(footerOf(html)).not.toContain('Workshop news by e-mail');
  });

  it('takes a sign-up from any page: stored as a pending contact, and the page thanks the visitor in its footer', async () => {
    const res = await subscribe('/spokes/services', 'ana@example.com');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/spokes/services?sent=newsletter#newsletter');
    expect((await contacts()).find((c) => c.email === 'ana@example.com')).toMatchObject({ status: 'pending', form: 'newsletter' });
    const thanked = await get('/spokes/services?sent=newsletter');
    expect(footerOf(thanked.body)).toContain('<div class="form-success" role="status" tabindex="-1"><p>Thank you. Open the e-mail we have sent');
    expect(footerOf((await get('/spokes/services')).body)).not.toContain('class="form-success"');
    expect((await subscribe('/spokes', 'ben@example.com')).statusCode).toBe(303);
    expect((await contacts()).map((c) => c.email)).toEqual(expect.arrayContaining(['ana@example.com', 'ben@example.com']));
  });

  it('answers a wrong address with the same page, the message beside the footer field and the answer kept', async () => {
    const res = await subscribe('/spokes/services', 'not an address');
    expect(res.statusCode).toBe(422);
    const footer = footerOf(res.body);
    expect(footer).toContain('There is a problem with your answers');
    expect(footer).toContain('value="not an address"');
    expect(mainOf(res.body)).toContain('Punctures, brakes, gears.');
    expect((await contacts()).some((c) => c.email === 'not an address')).toBe(false);
  });
});

describe('a footer form below a page with a form of its own', () => {
  it('takes each post for the form it was sent from, and answers each beside its own questions', async () => {
    const page = await get('/spokes/contact');
    expect(mainOf(page.body)).toContain('Ask the workshop');
    expect(footerOf(page.body)).toContain('Workshop news by e-mail');

    const signedUp = await subscribe('/spokes/contact', 'cy@example.com');
    expect(signedUp.headers.location).toBe('/spokes/contact?sent=newsletter#newsletter');
    expect((await contacts()).some((c) => c.email === 'cy@example.com')).toBe(true);
    const thanked = (await get('/spokes/contact?sent=newsletter')).body;
    expect(footerOf(thanked)).toContain('<div class="form-success" role="status" tabindex="-1"><p>Thank you. Open the e-mail');
    expect(mainOf(thanked)).not.toContain('class="form-success"');

    const empty = await postForm(ctx.app, '/spokes/contact', { _form: 'contact', question: '', _t: ctx.services.signer.timeToken(Date.now() - 10_000) });
    expect(empty.statusCode).toBe(422);
    expect(mainOf(empty.body)).toContain('There is a problem with your answers');
    expect(footerOf(empty.body)).not.toContain('There is a problem with your answers');
  });
});

describe('checking footer blocks', () => {
  const yaml = SITE.replace('        submit: Subscribe\n', '        sumbit: Subscribe\n');

  it('reports a mistake in a footer block at its line and column, naming it as in the footer', () => {
    const problems = problemsOf(yaml, 'spokes');
    const line = yaml.split('\n').findIndex((l) => l.includes('sumbit')) + 1;
    expect(problems[0]).toContain(`sites/spokes/site.yaml:${line}:9  SW_UNKNOWN_KEY`);
    expect(problems[0]).toContain('The form block in the footer has no key called "sumbit".');
    expect(problems[0]).toContain('Fix: did you mean "submit"?');
    expect(problems).toHaveLength(1);
  });

  it('refuses a block that reads for its own page alone, such as search results', () => {
    const problems = problemsOf(
      SITE.replace('footer:\n', 'search: true\nfooter:\n').replace(
        '  blocks:\n      - type: form',
        '  blocks:\n      - type: search\n        heading: Search\n      - type: form',
      ),
      'spokes',
    );
    expect(problems.join('\n')).toContain('SW_NOT_ALLOWED');
    expect(problems.join('\n')).toContain('A search block reads what it shows for each visitor of its page, so it cannot stand in the footer of every page.');
  });
});
