/** The public address of a path inside a site: /<prefix> for "/", /<prefix>/<path> otherwise. */
export const publicPath = (prefix: string, path: string) => `/${prefix}${path === '/' ? '' : path}`;
