/**
 * Pictures and documents beside the editor. The upload form still works as a plain post; here it
 * uploads in place instead, showing its progress and any error in a status line, and adds the new
 * file to the list. Each file's "Insert" button puts its path (a picture's name, as an image's `src:` takes it; a document's `/media/…` link) at the cursor.
 */
import { errorOf } from './api.ts';
import { el } from './page.ts';
import type { MediaFile } from './types.ts';

export interface MediaOptions {
  upload: HTMLFormElement | null;
  file: HTMLInputElement | null;
  list: HTMLElement | null;
  url: string;
  csrf: string;
  /** Put a path at the editor's cursor and focus the editor. */
  insert: (path: string) => void;
}

const size = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`);

/** The list entry of a file, as the server draws it. */
function fileItem(file: MediaFile): HTMLLIElement {
  const item = el('li');
  const insert = el('button', 'studio-insert', 'Insert');
  insert.type = 'button';
  insert.dataset.path = file.path;
  insert.setAttribute('aria-label', `Insert ${file.path}`);
  item.append(el('code', '', file.path), ' ', insert);
  return item;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Uploads one file with the form's token first, reporting progress; resolves with the server's status and answer. */
function send(url: string, csrf: string, file: File, progress: (share: number) => void): Promise<{ status: number; body: unknown }> {
  const data = new FormData();
  data.append('_csrf', csrf);
  data.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) progress(e.loaded / e.total);
    });
    request.addEventListener('load', () => {
      resolve({ status: request.status, body: parseJson(request.responseText) });
    });
    request.addEventListener('error', () => reject(new Error('The server could not be reached.')));
    request.send(data);
  });
}

/** Takes over the media list and upload form. */
export function startMedia(options: MediaOptions): void {
  const { upload, list } = options;
  list?.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('.studio-insert');
    if (button?.dataset.path) options.insert(button.dataset.path);
  });
  if (!upload || !options.file || !options.url) return;
  const fileInput = options.file;
  const status = el('p', 'studio-media-status');
  status.setAttribute('role', 'status');
  const bar = el('progress', 'studio-progress');
  bar.max = 1;
  bar.hidden = true;
  bar.setAttribute('aria-label', 'Upload progress');
  upload.append(bar, status);
  let busy = false;
  upload.addEventListener('submit', (event) => {
    event.preventDefault();
    const file = fileInput.files?.[0];
    if (busy) return;
    if (!file) {
      status.textContent = 'Choose a file first.';
      fileInput.focus();
      return;
    }
    busy = true;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = `Uploading ${file.name}…`;
    send(options.url, options.csrf, file, (share) => (bar.value = share))
      .then(({ status: code, body }) => {
        const uploaded = (body as { file?: MediaFile } | null)?.file;
        if (code >= 200 && code < 300 && uploaded) {
          addFile(list, uploaded);
          upload.reset();
          status.textContent = `Uploaded ${uploaded.path} (${size(uploaded.bytes)}). Its Insert button puts it at the cursor.`;
        } else {
          status.textContent = `${file.name} was not uploaded: ${errorOf(body, `the server answered ${code}.`)}`;
        }
      })
      .catch((error: unknown) => {
        status.textContent = `${file.name} was not uploaded: ${error instanceof Error ? error.message : String(error)}`;
      })
      .finally(() => {
        busy = false;
        bar.hidden = true;
      });
  });
}

/** Adds a file to the list, or puts it first again when a file of that path was there already. */
function addFile(list: HTMLElement | null, file: MediaFile): void {
  if (!list) return;
  for (const button of list.querySelectorAll<HTMLElement>('.studio-insert')) {
    if (button.dataset.path === file.path) button.closest('li')?.remove();
  }
  list.prepend(fileItem(file));
}
