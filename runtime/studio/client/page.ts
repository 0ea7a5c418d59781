/**
 * The studio page as the server drew it: the addresses and token in `#studio`'s data attributes and
 * the elements the browser code takes over. A page missing one of them is left as it is (the plain
 * form still works), so a change on the server never leaves the owner with a broken editor.
 */

export interface StudioPage {
  root: HTMLElement;
  nonce: string;
  csrf: string;
  urls: { draft: string; publish: string; preview: string; media: string; schema: string; version: string; site: string };
  form: HTMLFormElement;
  textarea: HTMLTextAreaElement;
  problems: HTMLElement;
  message: HTMLInputElement;
  publish: HTMLButtonElement;
  status: HTMLElement;
  previewPane: HTMLElement;
  pageSelect: HTMLSelectElement | null;
  preview: HTMLIFrameElement;
  media: HTMLElement | null;
  upload: HTMLFormElement | null;
  file: HTMLInputElement | null;
  mediaList: HTMLElement | null;
  conflict: HTMLElement;
}

const find = <T extends Element>(root: ParentNode, selector: string, type: abstract new () => T): T | null => {
  const found = root.querySelector(selector);
  return found instanceof type ? found : null;
};

/** The site's public address: given by the server, or the part of the studio's address before `/desk/`. */
const siteUrl = (root: HTMLElement, draft: string) => root.dataset.siteUrl ?? `${draft.slice(0, Math.max(0, draft.indexOf('/desk/')))}/`;

/** Reads the studio page, or null when an element the editor needs is missing. */
export function readStudioPage(root: HTMLElement): StudioPage | null {
  const d = root.dataset;
  const form = find(root, '#studio-form', HTMLFormElement);
  const textarea = find(root, '#studio-text', HTMLTextAreaElement);
  const problems = find(root, '#studio-problems', HTMLElement);
  const message = find(root, '#studio-message', HTMLInputElement);
  const publish = find(root, '#studio-publish', HTMLButtonElement);
  const status = find(root, '#studio-status', HTMLElement);
  const previewPane = find(root, '#studio-preview-pane', HTMLElement);
  const preview = find(root, '#studio-preview', HTMLIFrameElement);
  const conflict = find(root, '#studio-conflict', HTMLElement);
  if (!form || !textarea || !problems || !message || !publish || !status || !previewPane || !preview || !conflict) return null;
  if (!d.draftUrl || !d.publishUrl || !d.csrf) return null;
  return {
    root,
    nonce: d.nonce ?? '',
    csrf: d.csrf,
    urls: {
      draft: d.draftUrl,
      publish: d.publishUrl,
      preview: d.previewUrl ?? '',
      media: d.mediaUrl ?? '',
      schema: d.schemaUrl ?? '',
      version: d.versionUrl ?? '',
      site: siteUrl(root, d.draftUrl),
    },
    form,
    textarea,
    problems,
    message,
    publish,
    status,
    previewPane,
    pageSelect: find(root, '#studio-page', HTMLSelectElement),
    preview,
    media: find(root, '#studio-media', HTMLElement),
    upload: find(root, '#studio-upload', HTMLFormElement),
    file: find(root, '#studio-file', HTMLInputElement),
    mediaList: find(root, '#studio-media-list', HTMLElement),
    conflict,
  };
}

/** The published version the draft is based on. */
export function baseOf(page: StudioPage): number {
  return Number(page.root.dataset.base ?? 0) || 0;
}

/** Records a new published version as the draft's base, in the data attribute and the form's hidden field. */
export function setBase(page: StudioPage, version: number): void {
  page.root.dataset.base = String(version);
  const field = page.form.elements.namedItem('base');
  if (field instanceof HTMLInputElement) field.value = String(version);
}

/** An element with a class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}
