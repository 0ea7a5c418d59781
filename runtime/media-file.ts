/**
 * A site's media file, opened for reading as it is now. Media names are checked when a site
 * loads, but the folder can change afterwards: a file replaced by a link to the signing key, or
 * to another site's files, must not be served until the next reload shows it. So the file is
 * opened without following a link (O_NOFOLLOW), and what was opened must be a regular file whose
 * real place is inside the site's media folder (a linked folder on the way is caught there).
 */
import { constants } from 'node:fs';
import { open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/** Where a site's media file is: its media folder, and its name there (which may have folders in it). */
export interface MediaSource {
  folder: string;
  name: string;
}

export interface OpenMedia {
  handle: FileHandle;
  size: number;
  modified: Date;
}

/** The real path of an open file: from /proc on Linux, else from its name (still checked, only not atomically). */
async function whereIs(handle: FileHandle, path: string): Promise<string> {
  return readlink(`/proc/self/fd/${handle.fd}`).catch(() => realpath(path));
}

/** The file opened for reading, or undefined when it is not there, is a link, is not a regular file or is outside its folder. */
export async function openMediaFile({ folder, name }: MediaSource): Promise<OpenMedia | undefined> {
  const root = resolve(folder);
  const path = resolve(join(root, name));
  if (!path.startsWith(root + sep)) return undefined;
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const [facts, real, realRoot] = await Promise.all([handle.stat(), whereIs(handle, path), realpath(root)]);
    if (facts.isFile() && real.startsWith(realRoot + sep)) return { handle, size: facts.size, modified: facts.mtime };
  } catch {
    // Gone or changed while it was looked at: as good as not there.
  }
  await handle.close();
  return undefined;
}

/** The whole file, read the same way, or undefined. */
export async function readMediaFile(source: MediaSource): Promise<Buffer | undefined> {
  const opened = await openMediaFile(source);
  if (!opened) return undefined;
  try {
    return await opened.handle.readFile();
  } finally {
    await opened.handle.close();
  }
}
