import type { SiteData } from '../../schema/site.ts';
import { contrast, ensureContrast, mix, textOn } from './color.ts';

/** Font stacks of families already installed on visitors' devices: nothing is downloaded. */
export const FONT_STACKS: Record<string, string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  classical: "Optima, Candara, 'Noto Sans', source-sans-pro, sans-serif",
  'old-style': "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif",
  slab: "Rockwell, 'Rockwell Nova', 'Roboto Slab', 'DejaVu Serif', 'Sitka Small', serif",
  rounded: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif",
  mono: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
};

const RADII = { square: '0', soft: '0.5rem', round: '1.25rem' } as const;

/**
 * The site's design tokens as CSS custom properties. Colours an author picks are used as
 * they are for fills; text colours derived from them are nudged until they reach WCAG AA.
 */
export function themeCss(theme: SiteData['theme']): string {
  const { primary, background = '#ffffff', surface = '#f4f6f8', text = '#1d2430' } = theme.colors;
  const accent = theme.colors.accent ?? primary;
  const body = ensureContrast(text, background, 7);
  const vars: Record<string, string> = {
    '--color-primary': primary,
    '--color-on-primary': textOn(primary),
    '--color-accent': accent,
    '--color-on-accent': textOn(accent),
    '--color-background': background,
    '--color-surface': surface,
    '--color-text': body,
    '--color-text-on-surface': ensureContrast(text, surface, 7),
    '--color-muted': ensureContrast(mix(body, background, 0.35), background, 4.5),
    '--color-muted-on-surface': ensureContrast(mix(body, surface, 0.35), surface, 4.5),
    '--color-link': ensureContrast(primary, background, 4.5),
    '--color-link-on-surface': ensureContrast(primary, surface, 4.5),
    '--color-border': mix(body, background, 0.8),
    // The focus ring: the accent if it shows against the page, else the primary, nudged only if neither does.
    '--color-focus': ensureContrast(contrast(accent, background) >= 3 ? accent : primary, background, 3),
    '--font-heading': FONT_STACKS[theme.fonts.heading ?? 'system'] as string,
    '--font-body': FONT_STACKS[theme.fonts.body ?? 'system'] as string,
    '--radius': RADII[theme.corners ?? 'soft'],
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}\n`;
}
