/** The public address of a path inside a site: /<prefix> for "/", /<prefix>/<path> otherwise. */
export const publicPath = (prefix: string, path: string) => `/${prefix}${path === '/' ? '' : path}`;

/**
 * The full address of a path made by publicPath, for a link that leaves the server (an e-mail, a
 * payment provider's way back): at the site's first domain when it has one, so the visitor sees
 * the business's own address; else at the platform's origin.
 */
export function siteUrl(site: { prefix: string; data: { domains?: readonly string[] } }, origin: string, path: string): string {
  const domain = site.data.domains?.[0];
  if (!domain) return `${origin}${path}`;
  const rest = path.slice(site.prefix.length + 1);
  return `https://${domain}${rest.startsWith('/') ? rest : `/${rest}`}`;
}
