/**
 * The studio's page: the draft in a plain form that works without JavaScript (the text, its
 * problems, a message and Publish), the preview of the draft beside it, and the media folder with
 * an upload form. The editor (runtime/studio/client) takes the form over when its script loads.
 */
import { escapeHtml } from '../render/escape.ts';
import { e } from '../desk/ui.ts';
import type { MediaEntry } from './media-files.ts';
import { problemsHtml, summary, type StudioProblem } from './problems.ts';
import type { StudioAssets } from './options.ts';

export interface StudioPageInput {
  base: string;
  csrf: string;
  nonce: string;
  text: string;
  /** The version the draft was started from. */
  version: number;
  problems: readonly StudioProblem[];
  pages: readonly { path: string; title: string }[];
  media: readonly MediaEntry[];
  assets?: StudioAssets;
  /** What the last action did ("Published version 4."), shown once. */
  said?: string;
  publicUrl: string;
}

export function studioPage(p: StudioPageInput): string {
  const s = `${p.base}/studio`;
  const data = {
    nonce: p.nonce,
    csrf: p.csrf,
    base: String(p.version),
    'draft-url': `${s}/draft`,
    'publish-url': `${s}/publish`,
    'preview-url': `${s}/preview/`,
    'media-url': `${s}/media`,
    'schema-url': `${s}/schema.json`,
    'version-url': `${s}/versions/`,
    'history-url': `${s}/history`,
    'site-url': p.publicUrl,
  };
  const attributes = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${e(v)}"`)
    .join('');
  const csrf = `<input type="hidden" name="_csrf" value="${e(p.csrf)}">`;
  const options = p.pages.map((page) => `<option value="${e(page.path)}">${e(page.title)} (${e(page.path)})</option>`).join('');
  const style = p.assets?.style ? `<link rel="stylesheet" href="${e(p.assets.style)}">` : '';
  const script = p.assets ? `<script type="module" src="${e(p.assets.script)}" nonce="${e(p.nonce)}"></script>` : '';
  return `${style}<div id="studio" class="studio"${attributes}>
${p.said ? `<p class="studio-said" role="status">${escapeHtml(p.said)}</p>` : ''}<p class="studio-intro">Edit the site's document, see the draft beside it, and publish when it has no errors. Your draft is saved as you type. <a href="${e(s)}/history">Published versions</a> · <a href="${e(p.publicUrl)}">The site as visitors see it</a></p>
<form id="studio-form" class="studio-form" method="post" action="${e(s)}/publish">${csrf}<input type="hidden" name="base" value="${p.version}">
<label for="studio-text">The site's document (site.yaml), started from version ${p.version}</label>
<textarea id="studio-text" name="text" spellcheck="false" autocapitalize="off" autocomplete="off" rows="24">${escapeHtml(p.text)}</textarea>
<div id="studio-problems" aria-live="polite">${problemsHtml(p.problems)}</div>
<p id="studio-status" role="status">${escapeHtml(summary(p.problems))}</p>
<div class="field"><label for="studio-message">What changed (shown in the history)</label><input id="studio-message" name="message" maxlength="200"></div>
<p class="studio-actions"><button type="submit" id="studio-publish">Publish</button> <button type="submit" formaction="${e(s)}/draft" id="studio-check">Save draft and check</button></p>
</form>
<section id="studio-preview-pane" class="studio-preview" aria-label="Preview">
<div class="field"><label for="studio-page">Page shown in the preview</label><select id="studio-page">${options}</select></div>
<iframe id="studio-preview" title="Preview of the draft" src="${e(s)}/preview/"></iframe>
<p><a href="${e(s)}/preview/" target="_blank" rel="noopener">Open the preview in its own tab</a></p>
</section>
<section id="studio-media" class="studio-media" aria-labelledby="studio-media-heading">
<h2 id="studio-media-heading">Pictures and documents</h2>
<form id="studio-upload" method="post" enctype="multipart/form-data" action="${e(s)}/media">${csrf}
<div class="field"><label for="studio-file">Add a picture (JPEG, PNG, WebP, AVIF, GIF, SVG) or a PDF</label><input type="file" id="studio-file" name="file" accept=".jpg,.jpeg,.png,.webp,.avif,.gif,.svg,.pdf"></div>
<button type="submit">Upload</button></form>
<ul id="studio-media-list" class="studio-media-list">${p.media.map(mediaItem).join('')}</ul>
</section>
<div id="studio-conflict" hidden></div>
</div>${script}`;
}

export const mediaItem = (m: MediaEntry) =>
  `<li><code>${e(m.path)}</code> <span class="muted">${m.type === 'image' ? 'picture' : 'document'}, ${Math.ceil(m.bytes / 1024)} KB</span> <button type="button" class="studio-insert" data-path="${e(m.path)}">Insert</button></li>`;
