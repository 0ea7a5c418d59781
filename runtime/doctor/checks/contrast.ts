/**
 * 6. Theme colours the author chose that text cannot be read against (WCAG AA: 4.5:1 for text,
 * 3:1 for the focus outline). The runtime picks the text on coloured bands and nudges body text,
 * links and the focus outline until they pass; this says when the author's own choice does not.
 */
import { contrast, ensureContrast, textOn } from '../../render/color.ts';
import { address, spot, type Draft, type Exam } from '../exam.ts';

type ColorKey = 'primary' | 'accent' | 'background' | 'surface' | 'text';
const DEFAULTS = { background: '#ffffff', surface: '#f4f6f8', text: '#1d2430' };

/** A ratio as people read it, never rounded up to a pass: 4.49 → "4.49:1". */
export const ratio = (n: number) => `${(Math.floor(n * 100) / 100).toFixed(2)}:1`;

interface Failure {
  key: ColorKey;
  what: string;
  /** A colour for the key that would pass, and the test it must pass. */
  suggest: string;
  passes: (color: string) => boolean;
}

export function themeContrast(exam: Exam): Draft[] {
  const written = (key: ColorKey) => exam.doc.hasIn(['theme', 'colors', key]);
  const colors = exam.site.data.theme.colors as Partial<Record<ColorKey, string>>;
  const primary = (colors.primary as string).toLowerCase();
  const accent = colors.accent?.toLowerCase();
  const background = (colors.background ?? DEFAULTS.background).toLowerCase();
  const surface = (colors.surface ?? DEFAULTS.surface).toLowerCase();
  const text = (colors.text ?? DEFAULTS.text).toLowerCase();
  const failures: Failure[] = [];

  // Coloured bands and buttons: the runtime writes white or near-black on them, whichever reads better.
  const band = (key: 'primary' | 'accent', color: string, uses: string) => {
    const on = textOn(color);
    const r = contrast(color, on);
    if (r >= 4.5) return;
    failures.push({
      key,
      what: `the ${key} colour ${color} is the background of ${uses}, and neither white nor near-black text on it reaches 4.5:1 (the better, ${on === '#ffffff' ? 'white' : 'near-black'}, reaches ${ratio(r)})`,
      suggest: ensureContrast(color, '#ffffff', 4.5),
      passes: (c) => contrast(c, textOn(c)) >= 4.5,
    });
  };
  band('primary', primary, 'buttons and brand-coloured bands');
  // The accent fills only the call to action with "style: accent" (.cta-accent): say so where a page shows one.
  const accentBand = [...exam.pages, exam.notFound].find((p) => p.facts.classes.has('cta-accent'));
  if (accent && accent !== primary && accentBand)
    band('accent', accent, `the call to action with "style: accent" (as on ${address(exam.site, accentBand.target.path)})`);

  // Body text: the runtime darkens (or lightens) it to 7:1 against where it stands.
  const behind = [{ name: 'background', color: background }, ...(surface !== background ? [{ name: 'surface', color: surface }] : [])].filter(
    (b) => contrast(text, b.color) < 4.5,
  );
  if (behind.length) {
    // The text colour is at fault, unless it reads well on the page and only a written surface is off.
    const key: ColorKey =
      behind.length === 1 && behind[0]?.name === 'surface' && written('surface') ? 'surface' : written('text') ? 'text' : (behind[0]?.name as ColorKey);
    const shown = ensureContrast(text, behind[0]?.color as string, 7);
    failures.push({
      key,
      what: `the text colour ${text} reaches only ${behind.map((b) => `${ratio(contrast(text, b.color))} on the ${b.name} colour ${b.color}`).join(' and ')} (body text needs 4.5:1), so pages show text in ${shown} instead of the colour chosen`,
      suggest: key === 'text' ? shown : key === 'surface' ? ensureContrast(surface, text, 4.5) : ensureContrast(background, text, 4.5),
      passes: key === 'text' ? (c) => behind.every((b) => contrast(c, b.color) >= 4.5) : (c) => contrast(text, c) >= 4.5,
    });
  }

  // Links are written in the primary colour, nudged to 4.5:1 against the background.
  const links = contrast(primary, background);
  if (links < 4.5) {
    failures.push({
      key: 'primary',
      what: `links are written in the primary colour, which reaches only ${ratio(links)} on the background ${background} (4.5:1 is needed), so pages show links in ${ensureContrast(primary, background, 4.5)} instead`,
      suggest: ensureContrast(primary, background, 4.5),
      passes: (c) => contrast(c, background) >= 4.5,
    });
  }

  // The focus outline is drawn in the accent (else the primary), nudged to 3:1. A light accent is a
  // fine choice for highlights when the primary shows on the background; a theme with no colour
  // that does is worth a warning.
  const focusKey = accent ? 'accent' : 'primary';
  const focus = accent ?? primary;
  const ring = contrast(focus, background);
  if (ring < 3 && links < 3) {
    failures.push({
      key: focusKey,
      what: `the outline that shows which link or button has keyboard focus is drawn in the ${focusKey} colour ${focus}, which reaches only ${ratio(ring)} on the background ${background} (3:1 is needed), and no colour of the theme does better, so pages draw it in ${ensureContrast(focus, background, 3)}`,
      suggest: ensureContrast(focus, background, 3),
      passes: (c) => contrast(c, background) >= 3,
    });
  }

  // One warning per colour line, naming every use it fails and one colour that passes them all.
  const byKey = new Map<ColorKey, Failure[]>();
  for (const f of failures) byKey.set(f.key, [...(byKey.get(f.key) ?? []), f]);
  return [...byKey].map(([key, list]) => {
    const suggestion = list.map((f) => f.suggest).find((c) => list.every((f) => f.passes(c))) ?? (list[0] as Failure).suggest;
    const sentences = list.map((f) => f.what.charAt(0).toUpperCase() + f.what.slice(1));
    return {
      code: 'SW_LOW_CONTRAST' as const,
      at: written(key) ? spot(exam, ['theme', 'colors', key]) : spot(exam, ['theme', 'colors'], 'key'),
      detail: `${sentences.join('. ')}.`,
      fix: `${written(key) ? 'change' : 'add'} "${key}:" to a colour with more contrast, such as "${suggestion}".`,
    };
  });
}
