/**
 * Mailing a sign-in link to an address someone typed, done after they have been answered (the
 * answer's time must not say whether the address is listed). Nobody is ever refused for the
 * address, so a stranger cannot lock its owner out; its mail is capped without a word instead: no
 * new link while one sent in the last few minutes still works (the owner has it), and past the
 * day's count only when no earlier link still works, so an owner who asks always holds a working one.
 */
import { publicPath, siteUrl } from '../render/page-path.ts';
import type { Mailer } from '../services/mail.ts';
import type { Site } from '../site.ts';
import type { Store } from '../store/store.ts';
import type { SignInLimits } from '../server/limits.ts';
import { makeLink, newestWorkingLink, ownerOf } from './auth.ts';

/** A link made this recently, and still unused, is in the owner's inbox: no second one. */
export const LINK_GAP_MS = 5 * 60_000;

export async function sendLink(deps: { store: Store; mailer: Mailer; limits: SignInLimits; origin: string }, site: Site, email: string, now: number) {
  const owner = ownerOf(site, email);
  if (!owner) return;
  const tenant = await deps.store.tenant(site.prefix);
  const newest = await newestWorkingLink(tenant, owner.email, now);
  if (newest !== undefined && now - newest < LINK_GAP_MS) return;
  if (!(await deps.limits.link(site.prefix, owner.email)) && newest !== undefined) return;
  const token = await makeLink(tenant, site, owner, now);
  const home = siteUrl(site, deps.origin, publicPath(site.prefix, '/desk'));
  await deps.mailer.send({
    to: owner.email,
    subject: `Sign in to the desk of ${site.data.site.name}`,
    text: `Hello ${owner.name},\n\nTo sign in to the desk of ${site.data.site.name}, open this link and press the button:\n${home}/sign-in?token=${token}\n\nThe link works once, for 15 minutes. If you did not ask for it, ignore this message: nobody can sign in without it.\n`,
  });
}
