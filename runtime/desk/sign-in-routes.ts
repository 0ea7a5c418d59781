/**
 * Signing in and out of the desk: the request for a link (the same answer, in the same time, whether
 * or not the address may sign in), the link's page with its button, the button that spends
 * the link and opens a session, and signing out, which ends the session where it is kept.
 */
import type { FastifyInstance } from 'fastify';
import { endSession, record, spendLink } from './auth.ts';
import { sendLink } from './send-link.ts';
import { linkRefused, linkSent, signInButton } from './pages.ts';
import type { DeskScope } from './scope.ts';

export function signInRoutes(app: FastifyInstance, desk: DeskScope) {
  const { options } = desk;
  const { store, limits } = options;
  const { siteFor, base, page, cookieFor, signInPage, guarded, text, notFound } = desk;

  app.post<{ Params: { site: string }; Body: { email?: unknown } }>('/:site/desk', async (request, reply) => {
    const site = await siteFor(request.params.site);
    if (!site) return notFound(request, reply);
    const email = text(request.body?.email).trim().toLowerCase().slice(0, 254);
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return signInPage(request, reply, site, 422, 'Please enter an e-mail address such as name@example.com.');
    // Only the visitor is ever refused: a refusal for the address would say it is listed.
    const wait = await limits.signIn(site.prefix, request.ip);
    if (wait !== undefined) {
      reply.header('retry-after', String(wait));
      return page(request, reply, site, 'Please wait', '<p>Too many sign-in links have been asked for from here. Please wait an hour and try again.</p>', 429);
    }
    // Whether the address is listed is found out after the answer has gone, so its time is the same either way.
    const now = options.now();
    options.afterReply.run('a sign-in link', () => sendLink(options, site, email, now));
    // The same answer either way: the page never tells who may sign in.
    return page(request, reply, site, 'Check your e-mail', linkSent());
  });

  app.get<{ Params: { site: string }; Querystring: { token?: string } }>('/:site/desk/sign-in', async (request, reply) => {
    const site = await siteFor(request.params.site);
    if (!site) return notFound(request, reply);
    const token = text(request.query.token);
    // Opening the link changes nothing (a mail scanner that follows it signs nobody in); the button does.
    return page(request, reply, site, 'Sign in to the desk', /^[A-Za-z0-9_-]{43}$/.test(token) ? signInButton(base(site), token) : linkRefused(base(site)));
  });

  app.post<{ Params: { site: string }; Body: { token?: unknown } }>('/:site/desk/sign-in', async (request, reply) => {
    const site = await siteFor(request.params.site);
    if (!site) return notFound(request, reply);
    const tenant = await store.tenant(site.prefix);
    const now = options.now();
    const opened = await spendLink(tenant, site, request.body?.token, now);
    if (!opened) return page(request, reply, site, 'This link cannot be used', linkRefused(base(site)), 400);
    await record(tenant, opened.session, 'sign-in', 'signed in', now);
    reply.header('set-cookie', cookieFor(request, site, opened.id));
    return reply.redirect(base(site), 303);
  });

  app.post(
    '/:site/desk/sign-out',
    guarded(async (request, reply, { site, tenant, session }) => {
      await endSession(tenant, session);
      await record(tenant, session, 'sign-out', 'signed out', options.now());
      reply.header('set-cookie', cookieFor(request, site));
      return reply.redirect(base(site), 303);
    }, true),
  );
}
