// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { blockAround, blockElements, blockForLine, previewBlocks } from './blocks.ts';

const page = (body: string) => new DOMParser().parseFromString(`<!doctype html><html><body>${body}</body></html>`, 'text/html');

const doc = page(`
<header>Site header</header>
<main>
  <!--sw-block 0 5 12--><section class="spotlight"><h1>Welcome <a href="/about">us</a></h1></section><!--/sw-block 0-->
  <!--sw-block 1 13 30-->
  <section class="columns">
    <!--sw-block 2 16 22--><div class="card"><p>One</p></div><!--/sw-block 2-->
    <p class="between">Between</p>
  </section>
  <!--/sw-block 1-->
  <!-- an ordinary comment -->
  <p class="outside">After</p>
</main>`);

const q = (selector: string) => doc.querySelector(selector) as Element;

describe('previewBlocks', () => {
  it('reads every marked block, with its lines and its closing comment', () => {
    const blocks = previewBlocks(doc);
    expect(blocks.map(({ index, from, to }) => [index, from, to])).toEqual([
      [0, 5, 12],
      [1, 13, 30],
      [2, 16, 22],
    ]);
    expect(blocks.every((b) => b.end?.data.includes(`/sw-block ${b.index}`))).toBe(true);
  });
});

describe('blockAround', () => {
  const blocks = previewBlocks(doc);

  it('finds the block around an element, or a text node, inside it', () => {
    expect(blockAround(blocks, q('.spotlight a'))?.index).toBe(0);
    expect(blockAround(blocks, q('.spotlight h1').firstChild as Node)?.index).toBe(0);
  });

  it('finds the innermost of nested blocks', () => {
    expect(blockAround(blocks, q('.card p'))?.index).toBe(2);
    expect(blockAround(blocks, q('.between'))?.index).toBe(1);
  });

  it('finds nothing outside every block', () => {
    expect(blockAround(blocks, q('header'))).toBeUndefined();
    expect(blockAround(blocks, q('.outside'))).toBeUndefined();
    expect(blockAround(blocks, q('main'))).toBeUndefined();
  });

  it('takes a block that was never closed to run to the end of the page', () => {
    const open = page('<!--sw-block 0 1 4--><div class="a">A</div><p class="b">B</p>');
    expect(blockAround(previewBlocks(open), open.querySelector('.b') as Element)?.from).toBe(1);
  });
});

describe('blockForLine', () => {
  const blocks = previewBlocks(doc);

  it('finds the narrowest block whose lines hold the line', () => {
    expect(blockForLine(blocks, 5)?.index).toBe(0);
    expect(blockForLine(blocks, 14)?.index).toBe(1);
    expect(blockForLine(blocks, 18)?.index).toBe(2);
    expect(blockForLine(blocks, 2)).toBeUndefined();
  });
});

describe('blockElements', () => {
  it('gives the elements between a block’s comments', () => {
    const [spotlight, columns] = previewBlocks(doc);
    expect(blockElements(spotlight!).map((e) => e.className)).toEqual(['spotlight']);
    expect(blockElements(columns!).map((e) => e.className)).toEqual(['columns']);
  });
});
