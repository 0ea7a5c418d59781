/** The word of a vocabulary nearest to a misspelt one: fewest edits (at most two, one for short words), then the most common. */
export function closest(word: string, vocabulary: ReadonlyMap<string, number>): string | undefined {
  const limit = word.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let bestCount = 0;
  for (const [candidate, count] of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(word, candidate, limit);
    if (d < bestDistance || (d === bestDistance && count > bestCount)) {
      best = candidate;
      bestDistance = d;
      bestCount = count;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), giving up past `limit`. */
export function distance(a: string, b: string, limit = Infinity): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((rows[i - 1] as number[])[j]! + 1, row[j - 1]! + 1, (rows[i - 1] as number[])[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2] as number[])[j - 2]! + 1);
      row.push(d);
      smallest = Math.min(smallest, d);
    }
    if (smallest > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
