import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';

export interface TreeWatch {
  close(): void;
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** Folders whose changes are nobody's saves (.git and the like) are not watched. */
const watched = (name: string) => !name.startsWith('.');

/**
 * Calls `changed` with the path, relative to `root` and with `/`, of whatever changes in `root` or
 * any folder under it: a file written in place, renamed over, copied over, added or removed.
 *
 * Node 20's `fs.watch(root, { recursive: true })` on Linux watches each file by its inode, so a file
 * replaced by a rename (how editors and `sed -i` save) is watched no more and every later save goes
 * unnoticed. A folder's own watch sees every name in it, whatever replaces the file behind it: one
 * watch per folder, added as folders appear. Where the system itself watches a whole tree (macOS,
 * Windows), its recursive watch is used.
 */
export function watchTree(root: string, changed: (path: string) => void): TreeWatch {
  if (process.platform === 'darwin' || process.platform === 'win32') {
    const watcher = watch(root, { recursive: true }, (_event, name) => {
      if (name) changed(name.toString().split(sep).join('/'));
    });
    return { close: () => watcher.close() };
  }
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const forget = (dir: string) => {
    for (const [path, watcher] of watchers) {
      if (path !== dir && !path.startsWith(dir + sep)) continue;
      watcher.close();
      watchers.delete(path);
    }
  };

  const add = (dir: string) => {
    if (closed || watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => {
        if (!name) return;
        const path = join(dir, name.toString());
        // A folder made or moved in is watched from now on; one removed or moved away takes its watches with it.
        if (!isFolder(path)) forget(path);
        else if (watched(basename(path)) && !watchers.has(path)) addTree(path);
        changed(relative(root, path).split(sep).join('/'));
      });
    } catch {
      // Gone before it could be watched: its parent's watch has seen it go.
      return;
    }
    watcher.on('error', () => forget(dir));
    watchers.set(dir, watcher);
  };

  const addTree = (dir: string) => {
    add(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) if (entry.isDirectory() && watched(entry.name)) addTree(join(dir, entry.name));
  };

  addTree(root);
  return {
    close: () => {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
