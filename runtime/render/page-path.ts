/** The public address of a path inside a site: /<prefix> for "/", /<prefix>/<path> otherwise. */
export const publicPath = (prefix: string, path: string) => `/${prefix}${path === '/' ? '' : path}`;

/** Where a site is reached from outside, for links in e-mails: its first domain when it has one, else its platform address. */
export const siteAddress = (site: { prefix: string; data: { domains?: readonly string[] } }, origin: string) =>
  site.data.domains?.[0] ? `https://${site.data.domains[0]}` : `${origin}/${site.prefix}`;
