/** Edit distance (insertions, deletions, substitutions, swaps of neighbours). */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The candidate closest to what was written, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = word.toLowerCase();
  for (const candidate of candidates) {
    const score = distance(lower, candidate.toLowerCase());
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  const limit = Math.max(2, Math.floor(word.length / 3));
  return best !== undefined && bestScore <= limit ? best : undefined;
}

export const didYouMean = (word: string, candidates: Iterable<string>): string => {
  const match = closest(word, candidates);
  return match ? ` Did you mean "${match}"?` : '';
};

/** The choices, with the likely one first when the author's word is close to one. */
export function choices(word: string, options: readonly string[], quote = (o: string) => o): string {
  const near = closest(word, options);
  const list = options.map(quote).join(', ');
  return near ? `did you mean ${quote(near) === near ? `"${near}"` : quote(near)}? The choices are: ${list}.` : `use one of: ${list}.`;
}
