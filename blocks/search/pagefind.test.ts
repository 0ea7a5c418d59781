import { describe, expect, it } from 'vitest';
import { excerptPieces } from './pagefind.ts';

describe("Pagefind's excerpts", () => {
  it('become pieces of text with the matched words marked, never HTML', () => {
    expect(excerptPieces('Fix <mark>captions</mark> &amp; <mark>transcripts</mark> &lt;script&gt;alert(1)&lt;/script&gt;')).toEqual([
      { text: 'Fix ' },
      { text: 'captions', hit: true },
      { text: ' & ' },
      { text: 'transcripts', hit: true },
      { text: ' <script>alert(1)</script>' },
    ]);
  });

  it('drop any other tag', () => {
    expect(excerptPieces('<b>bold</b> <mark>w<i>o</i>rd</mark>')).toEqual([{ text: 'bold ' }, { text: 'word', hit: true }]);
  });
});
