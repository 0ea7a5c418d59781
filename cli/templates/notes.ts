/**
 * Notes to the owner in a written site: a template writes `...note('lat', 'Where the workshop is…')`
 * beside a key, and `new` writes it as a comment above that key in site.yaml, where the owner
 * reads it while editing; the note is no key of the site.
 */
import { isMap, isScalar, visit, type Document } from 'yaml';

const MARK = '#';

/** A note above `key` in the written file: spread it into the object that has the key. */
export const note = (key: string, text: string): Record<string, string> => ({ [`${MARK}${key}`]: text });

/** Turns every note of the document into a comment above its key, and takes the note's own key away. */
export function writeNotes(doc: Document): void {
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      for (const pair of [...map.items]) {
        const name = isScalar(pair.key) ? String(pair.key.value) : '';
        if (!name.startsWith(MARK)) continue;
        const target = map.items.find((p) => isScalar(p.key) && p.key.value === name.slice(MARK.length));
        if (target && isScalar(target.key) && isScalar(pair.value)) target.key.commentBefore = ` ${String(pair.value.value)}`;
        map.items.splice(map.items.indexOf(pair), 1);
      }
    },
  });
}
