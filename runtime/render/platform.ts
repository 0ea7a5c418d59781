import { escapeHtml } from './escape.ts';

/** A page of the platform itself (no site): the index, an unknown address, a site that is unavailable (see server/platform-pages.ts). */
export function platformPage({
  title,
  body,
  stylesheet,
  noindex = true,
  script,
}: {
  title: string;
  body: string;
  stylesheet: string;
  noindex?: boolean;
  script?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(title)}">
${noindex ? '<meta name="robots" content="noindex">\n' : ''}<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
${script ? `<script type="module" src="${escapeHtml(script)}"></script>\n` : ''}</head>
<body>
<main id="main" class="platform"><div class="container narrow">
${body}
</div></main>
</body>
</html>
`;
}

export function indexPage(stylesheet: string, sites: { prefix: string; name: string }[]): string {
  const items = sites.map((s) => `<li><a href="/${escapeHtml(s.prefix)}">${escapeHtml(s.name)}</a></li>`).join('\n');
  return platformPage({
    title: 'Sitewright',
    stylesheet,
    noindex: false,
    body: `<h1>Sitewright</h1>\n<p>${sites.length} websites are hosted here.</p>\n<ul>\n${items}\n</ul>`,
  });
}

/** Development: a site whose file has problems shows them in the browser, as the terminal prints them. */
export function problemsPage(stylesheet: string, prefix: string, report: string, script?: string): string {
  return platformPage({
    title: `Problems in sites/${prefix}/site.yaml`,
    stylesheet,
    script,
    body: `<h1>This site has problems</h1>\n<p>Fix them in the file and save: this page reloads by itself.</p>\n<pre class="problems" tabindex="0">${escapeHtml(report)}</pre>`,
  });
}
