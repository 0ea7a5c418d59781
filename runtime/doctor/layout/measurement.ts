/** What `doctor --layout` measures in a page (probe.ts), as plain JSON. */

/** Where an element is on the page, and what a person would call it. */
export interface Spot {
  /** The index of the page's own block it is inside, when it is inside one. */
  block?: number;
  /** The part of the page: the site's header, the page's title, its main part, its footer. */
  region: 'header' | 'title' | 'main' | 'footer' | 'page';
  /** Inside the header: which part of it. */
  part?: 'logo' | 'name' | 'tagline' | 'menu-button' | 'nav' | 'search-box';
  tag: string;
  /** Its visible text, shortened. */
  text: string;
  href?: string;
  src?: string;
  width: number;
  height: number;
}

export interface Overflow {
  /** How wide the page is, against the screen's width. */
  scrollWidth: number;
  /** What sticks out furthest past the right edge. */
  offender: Spot & { right: number; kind: 'element' | 'text'; word?: string };
}

export interface WideTable {
  spot: Spot;
  /** The table's column headings, or the cells of its first row. */
  columns: string[];
  /** How many of its columns are in view without scrolling. */
  fitting: number;
  tableWidth: number;
  boxWidth: number;
}

export interface Overlap {
  a: Spot;
  b: Spot;
  /** How far they overlap, across and down, in CSS pixels. */
  across: number;
  down: number;
}

export interface Logo {
  spot: Spot;
  /** Its size as the file says it (the width and height written in site.yaml). */
  naturalWidth: number;
  naturalHeight: number;
}

export interface TapTarget {
  spot: Spot;
  /** From axe-core's target-size rule: the target's size, and the room around it when that was measured. */
  size?: { width: number; height: number };
  offset?: number;
}

export interface Measurement {
  width: number;
  overflow?: Overflow;
  wideTables: WideTable[];
  header?: { overlaps: Overlap[]; logo?: Logo };
  taps: TapTarget[];
}

export interface MeasureOptions {
  /** Look for tables that must scroll sideways. */
  tables: boolean;
  /** Run axe-core's target-size rule, 24 by 24 CSS pixels (axe-core must be loaded in the page). */
  taps: boolean;
  /** Measure the header (done on one page of a site: every page has the same header). */
  header: boolean;
}
