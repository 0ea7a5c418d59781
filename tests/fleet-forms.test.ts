/**
 * Every form of every site in sites/: answers made from the form's own fields are accepted and
 * stored; an empty post is refused with field messages. Every site has an owner who can sign in
 * to its desk to read them.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFields, type FormField, type FormProps } from '../blocks/form/schema.ts';
import { loadFleet, type Fleet } from '../runtime/fleet.ts';
import { escapeHtml } from '../runtime/render/escape.ts';
import { appWithData } from './helpers/app.ts';
import { BLOCKS } from '../blocks/registry.ts';

const SITES = fileURLToPath(new URL('../sites', import.meta.url));
let fleet: Fleet;
let ctx: Awaited<ReturnType<typeof appWithData>>;
beforeAll(async () => {
  fleet = await loadFleet(SITES, BLOCKS);
  ctx = await appWithData(SITES);
});
afterAll(() => ctx.app.close());

/** A plausible answer for a field, within its limits. */
function answer(f: FormField): string | string[] | undefined {
  switch (f.kind) {
    case 'email':
      return 'visitor@example.com';
    case 'phone':
      return '(555) 555-0177';
    case 'number':
      return String(f.min ?? 1);
    case 'date':
      return '2027-03-15';
    case 'time':
      return '10:30';
    case 'select':
    case 'radio':
      return f.options?.[0];
    case 'checkboxes':
      return f.options?.slice(0, 1);
    case 'checkbox':
    case 'consent':
      return 'on';
    case 'file':
      return undefined;
    case 'textarea':
      return 'We would like to know more about this, please.'.padEnd(Math.max(f.minLength ?? 0, 10), '.').slice(0, f.maxLength ?? 5000);
    default:
      return f.pattern ? undefined : 'Sam Visitor'.padEnd(f.minLength ?? 0, 'x');
  }
}

function formsOf(fleetSites: Fleet) {
  const found: { prefix: string; path: string; form: FormProps }[] = [];
  for (const site of fleetSites.sites.values()) {
    const seen = new Set<number>();
    for (const target of site.targets) {
      // One item of a page made per item is enough.
      if (seen.has(target.pageIndex)) continue;
      seen.add(target.pageIndex);
      const blocks = [...(target.page.blocks ?? []), ...(target.item?.kind === 'page' ? (target.item.data.blocks ?? []) : [])];
      for (const block of blocks) if (block.type === 'form') found.push({ prefix: site.prefix, path: target.path, form: block as unknown as FormProps });
    }
  }
  return found;
}

describe('every form of the fleet', { timeout: 180_000 }, () => {
  it('takes good answers and refuses empty ones', async () => {
    const forms = formsOf(fleet);
    expect(forms.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let tested = 0;
    const token = ctx.services.signer.timeToken(Date.now() - 10_000);
    for (const { prefix, path, form } of forms) {
      const url = `/${prefix}${path === '/' ? '' : path}`;
      const fields = allFields(form);
      // Required photos and patterned answers are covered by the forms fixture tests.
      if (fields.some((f) => f.kind === 'file' && f.required) || fields.some((f) => f.pattern && f.required)) continue;
      tested++;
      const body = new URLSearchParams({ _form: form.form, _t: token });
      for (const f of fields) for (const v of [answer(f) ?? []].flat()) if (f.required || f.kind === 'consent' || v) body.append(f.name, v);
      const good = await ctx.app.inject({
        method: 'POST',
        url,
        payload: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      });
      if (good.statusCode !== 200) failures.push(`${url} (${form.form}): ${good.statusCode} ${good.body.slice(0, 200)}`);
      if (fields.some((f) => f.required)) {
        const empty = await ctx.app.inject({
          method: 'POST',
          url,
          payload: new URLSearchParams({ _form: form.form, _t: token }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        });
        if (empty.statusCode !== 422 || !empty.json<{ errors?: unknown }>().errors)
          failures.push(`${url} (${form.form}) accepted an empty post: ${empty.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    console.log(`${tested} of ${forms.length} forms posted to with good and empty answers`);
  });
});

describe('every site’s desk', () => {
  it('mails its owner a sign-in link, and the link opens the inbox', async () => {
    const sent: { to: string; text: string }[] = [];
    const send = ctx.services.mailer.send.bind(ctx.services.mailer);
    ctx.services.mailer.send = async (message) => {
      sent.push(message);
      await send(message);
    };
    const failures: string[] = [];
    for (const site of fleet.sites.values()) {
      const owner = site.data.owners?.find((o) => o.role === 'owner');
      if (!owner) {
        failures.push(`${site.prefix}: no owner`);
        continue;
      }
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      await ctx.app.inject({ method: 'POST', url: `/${site.prefix}/desk`, payload: new URLSearchParams({ email: owner.email }).toString(), headers: form });
      await ctx.app.afterReply.idle();
      const token = new RegExp(`/${site.prefix}/desk/sign-in\\?token=([\\w-]{43})`).exec(sent.findLast((m) => m.to === owner.email)?.text ?? '')?.[1];
      const signedIn = token && (await ctx.app.inject({ method: 'POST', url: `/${site.prefix}/desk/sign-in`, payload: `token=${token}`, headers: form }));
      const cookie = signedIn && String(signedIn.headers['set-cookie']).split(';')[0];
      const inbox = cookie && (await ctx.app.inject({ method: 'GET', url: `/${site.prefix}/desk`, headers: { cookie } }));
      if (!inbox || !inbox.body.includes(`Signed in as ${escapeHtml(owner.name)}`)) failures.push(`${site.prefix}: ${owner.email} could not sign in`);
    }
    expect(failures).toEqual([]);
  });
});
