/** WCAG 2 colour arithmetic: relative luminance and contrast ratio of hex colours. */
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = ([r, g, b]: [number, number, number]) =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes a colour toward another by t (0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** The colour nearest to `color` (toward black or white) that reaches `ratio` against `background`. */
export function ensureContrast(color: string, background: string, ratio = 4.5): string {
  if (contrast(color, background) >= ratio) return color;
  const toward = luminance(background) > 0.4 ? '#000000' : '#ffffff';
  for (let t = 0.05; t <= 1; t += 0.05) {
    const candidate = mix(color, toward, t);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return toward;
}

/** White or near-black text, whichever reads better on the colour; pure black when near-black falls short of AA. */
export function textOn(background: string): string {
  if (contrast('#ffffff', background) >= contrast('#111827', background)) return '#ffffff';
  return contrast('#111827', background) >= 4.5 ? '#111827' : '#000000';
}
