import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import type { SiteReport } from '../../runtime/doctor/doctor.ts';
import type { BlockRegistry } from '../../blocks/contract.ts';
import { sitesOption } from '../options.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryLine(reports: readonly SiteReport[], ms: number): string {
  const checked = reports.filter((r) => r.checked);
  const warnings = checked.reduce((n, r) => n + r.findings.length, 0);
  const pages = checked.reduce((n, r) => n + r.pages, 0);
  const invalid = reports.length - checked.length;
  return `${plural(checked.length, 'site')} checked (${plural(pages, 'page')})${invalid ? `, ${invalid} not checked` : ''}: ${plural(warnings, 'warning')} (${ms} ms)`;
}

/**
 * Without a prefix the doctor checks every site in the folder, examples and all: which of them have
 * warnings, and how to check one alone, naming the site whose file changed last (most likely the
 * author's own).
 */
export function everySiteNote(reports: readonly SiteReport[], folder: string, changedLast: string | undefined): string {
  const checked = reports.filter((r) => r.checked);
  const warned = checked.filter((r) => r.findings.length).map((r) => `${r.prefix} ${r.findings.length}`);
  const rest = checked.length - warned.length;
  const tally = warned.length ? `Warnings by site: ${warned.join(', ')}${rest ? `; none in the other ${rest}` : ''}.\n` : '';
  const example = changedLast ? ` (the site saved last: sitewright doctor ${changedLast})` : '';
  return `${tally}Every site in ${folder} was checked. To check only yours, name it: sitewright doctor <prefix>${example}.\n`;
}

/** The site whose site.yaml was saved last. */
async function changedLast(sitesDir: string, prefixes: readonly string[]): Promise<string | undefined> {
  const { stat } = await import('node:fs/promises');
  const times = await Promise.all(
    prefixes.map((p) =>
      stat(join(sitesDir, p, 'site.yaml')).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  let last: string | undefined;
  let latest = 0;
  for (const [i, prefix] of prefixes.entries()) {
    if ((times[i] ?? 0) > latest) [last, latest] = [prefix, times[i] ?? 0];
  }
  return last;
}

/** Chromium for --layout, or null (and a message on stderr) when there is none to start. */
async function openLayout(blocks: BlockRegistry) {
  const [{ LayoutSession }, { layoutChecks }, { ChromiumMissing }] = await Promise.all([
    import('../../runtime/doctor/layout/session.ts'),
    import('../../runtime/doctor/layout/layout.ts'),
    import('../../runtime/doctor/layout/chromium.ts'),
  ]);
  try {
    return { session: await LayoutSession.open(blocks), checks: layoutChecks };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(error instanceof ChromiumMissing ? `${message}\n` : `Chromium could not be started for --layout: ${message.split('\n')[0]}\n`);
    return null;
  }
}

export function register(program: Command) {
  sitesOption(
    program
      .command('doctor')
      .description('check valid sites for what a schema cannot see: descriptions, alt text, headings, titles, area pages, contrast, links, phone and e-mail')
      .argument('[prefix...]', 'the sites to check (every site in --sites by default)'),
  )
    .option('--strict', 'exit with 2 when there are warnings')
    .option('--layout', 'also render every page in Chromium at 320, 390 and 1280 px: sideways scrolling, wide tables, the header, tap targets')
    .option('--format <format>', 'text or json', 'text')
    .action(async (prefixes: string[], opts: { sites: string; strict?: boolean; layout?: boolean; format: string }) => {
      const started = performance.now();
      const [{ isDirectory, listSiteFolders, loadSiteFolder }, { checkResult, checkResultWith }, { findingHeadline, formatFinding }, { loadBlocks }] =
        await Promise.all([
          import('../../runtime/fleet.ts'),
          import('../../runtime/doctor/doctor.ts'),
          import('../../runtime/doctor/finding.ts'),
          import('../blocks.ts'),
        ]);
      const sitesDir = resolve(opts.sites);
      if (!(await isDirectory(sitesDir))) {
        process.stderr.write(`There is no folder ${opts.sites}.\n`);
        process.exitCode = 1;
        return;
      }
      const all = await listSiteFolders(sitesDir);
      const unknown = prefixes.filter((p) => !all.includes(p));
      if (unknown.length) {
        process.stderr.write(`No site folder ${unknown.map((p) => `"${p}"`).join(', ')} in ${opts.sites}.\n`);
        process.exitCode = 1;
        return;
      }
      const blocks = await loadBlocks();
      const layout = opts.layout ? await openLayout(blocks) : undefined;
      if (layout === null) {
        process.exitCode = 1;
        return;
      }
      const reports: SiteReport[] = [];
      try {
        for (const prefix of prefixes.length ? [...new Set(prefixes)].sort() : all) {
          const result = await loadSiteFolder(sitesDir, prefix, blocks, { keepDocument: true });
          reports.push(layout ? await checkResultWith(result, layout.checks(layout.session, join(sitesDir, prefix, 'media'))) : checkResult(result));
        }
      } finally {
        await layout?.session.close();
      }
      const ms = Math.round(performance.now() - started);
      const invalid = reports.filter((r) => !r.checked);
      const warnings = reports.reduce((n, r) => n + r.findings.length, 0);
      if (opts.format === 'json') {
        const sites = reports.map((r) => ({
          site: r.prefix,
          file: r.file,
          checked: r.checked,
          ...(r.failure ? { failure: r.failure } : {}),
          pages: r.pages,
          warnings: r.findings.map((f) => ({ ...f, headline: findingHeadline(f.code) })),
        }));
        process.stdout.write(`${JSON.stringify({ sites, summary: summaryLine(reports, ms) }, null, 2)}\n`);
      } else {
        const text = reports.flatMap((r) => r.findings.map((f) => formatFinding(f, r.source))).join('\n\n');
        if (text) process.stdout.write(`${text}\n\n`);
        for (const r of invalid) {
          process.stdout.write(
            r.failure
              ? `${r.file}: not checked: ${r.failure}\n`
              : `${r.file}: not checked: it has ${plural(r.errors, 'error')}. Run "sitewright validate" and fix them first.\n`,
          );
        }
        if (!prefixes.length && all.length > 1) process.stdout.write(everySiteNote(reports, opts.sites, await changedLast(sitesDir, all)));
        process.stdout.write(`${summaryLine(reports, ms)}\n`);
      }
      process.exitCode = invalid.length ? 1 : opts.strict && warnings ? 2 : 0;
    });
}
