/**
 * The few hundred bytes a page with islands carries in place of the client entry: the entry (a
 * React of some 70 kB) is imported only once the visitor points at, touches or focuses an island,
 * when an island that asks for it scrolls near the screen, or at once for an island that must
 * change what is shown without a touch. The entry then hydrates every island of the page.
 */
import { createHash } from 'node:crypto';
import type { HydrateWhen } from '../../blocks/contract.ts';
import type { RenderContext } from '../render/context.tsx';
import { escapeHtml } from '../render/escape.ts';
import type { PlacedBlock } from '../render/outline.ts';

/**
 * Read from its own tag: `data-src`, the entry; `data-load`, set when an island hydrates at once;
 * `data-visible`, the island types hydrated when they come within 200px of the screen.
 * Pointing comes first (pointerover, before the press, for a mouse, a pen and a finger alike),
 * so that a click normally lands on a hydrated island; focusin covers the keyboard. Listening in the capture phase on the document
 * sees events that an element inside stops. A classic script, because only those know their own
 * tag (`document.currentScript`); `import()` works from one all the same. Written to be read;
 * sent without its line breaks and indents.
 */
const SOURCE = `
(function (d, s) {
  var o = s.dataset, started;
  function go() {
    if (!started) started = import(o.src);
  }
  if (o.load != null) go();
  'pointerover pointerdown focusin'.split(' ').forEach(function (t) {
    d.addEventListener(t, function (e) {
      if (e.target.closest && e.target.closest('[data-island]')) go();
    }, { capture: true, passive: true });
  });
  if (o.visible) d.addEventListener('DOMContentLoaded', function () {
    var seen = new IntersectionObserver(function (es) {
      if (es.some(function (e) { return e.isIntersecting; })) { seen.disconnect(); go(); }
    }, { rootMargin: '200px' });
    o.visible.split(' ').forEach(function (t) {
      d.querySelectorAll('[data-island="' + t + '"]').forEach(function (el) { seen.observe(el); });
    });
  });
})(document, document.currentScript);
`;

/** The loader exactly as pages carry it: its hash must be of these bytes. */
export const LOADER = SOURCE.replace(/\n\s*/g, '');

/** The loader's hash, for the Content-Security-Policy's script-src: no other inline script may run. */
export const LOADER_HASH = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;

/** When each island type of a page is hydrated: the most eager wish among its blocks, `interaction` unless one asks otherwise. */
export function hydrateWhen(placed: readonly PlacedBlock[], ctx: RenderContext): Map<string, HydrateWhen> {
  const when = new Map<string, HydrateWhen>();
  for (const { definition } of placed) {
    if (!definition.island) continue;
    const asked = definition.island.hydrate;
    const wish = (typeof asked === 'function' ? asked(ctx) : asked) ?? 'interaction';
    const had = when.get(definition.type) ?? 'interaction';
    when.set(definition.type, EAGERNESS.indexOf(wish) > EAGERNESS.indexOf(had) ? wish : had);
  }
  return when;
}

const EAGERNESS: readonly HydrateWhen[] = ['interaction', 'visible', 'load'];

/** The loader's tag for a page with islands: the entry it imports, and which island types do not wait for a touch. */
export function loaderScript(entry: string, when: ReadonlyMap<string, HydrateWhen>): string {
  const of = (wanted: HydrateWhen) => [...when].filter(([, w]) => w === wanted).map(([type]) => type);
  const visible = of('visible');
  const attributes = [
    `data-src="${escapeHtml(entry)}"`,
    of('load').length ? 'data-load' : '',
    visible.length ? `data-visible="${escapeHtml(visible.join(' '))}"` : '',
  ].filter(Boolean);
  return `<script ${attributes.join(' ')}>${LOADER}</script>`;
}
