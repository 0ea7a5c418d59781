import { escapeHtml } from './escape.ts';

/** A page of the platform itself (no site): the index, an unknown address, a site that is unavailable. */
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

export function notFoundPage(stylesheet: string): string {
  return platformPage({
    title: 'No site at this address',
    stylesheet,
    body: '<h1>No site at this address</h1>\n<p>There is no website at this address. Check the link for a typo, or go to the <a href="/">list of sites</a>.</p>',
  });
}

export function unavailablePage(stylesheet: string, name: string): string {
  return platformPage({
    title: 'Site unavailable',
    stylesheet,
    body: `<h1>Site unavailable</h1>\n<p>The website at /${escapeHtml(name)} cannot be shown right now. Please try again a little later.</p>`,
  });
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

const ERRORS: Record<number, [string, string]> = {
  413: ['Too large to send', 'What you tried to send is larger than this site accepts. Send smaller files, or fewer at once.'],
  429: ['Please wait a moment', 'Too many forms have been sent from here in a short time. Please wait a minute and try again.'],
  503: [
    'Cannot be sent right now',
    'What you sent could not be kept just now, so it was not taken: nothing was saved or charged. Please try again in a few minutes, or call or e-mail us instead.',
  ],
  431: ['Request too large', "The request carried more headers or cookies than this site accepts. Clearing this site's cookies usually helps."],
};

export function errorPage(stylesheet: string, status: number): string {
  const [title, text] =
    ERRORS[status] ??
    (status >= 500
      ? ['Something went wrong', 'The page could not be shown because of a problem on our side. Please try again in a moment.']
      : ['Request not understood', 'The request could not be understood. Check the address and try again.']);
  return platformPage({ title, stylesheet, body: `<h1>${title}</h1>\n<p>${text}</p>` });
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
