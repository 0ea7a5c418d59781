import type { Static, TObject } from '@sinclair/typebox';
import type { ComponentType } from 'react';
import type { Code } from '../runtime/config/codes.ts';
import type { RenderContext } from '../runtime/render/context.tsx';

/** A problem a block finds in its own props that JSON Schema cannot express. */
export interface BlockIssue {
  /** Path below the block, such as ['outputs', 0, 'formula']. */
  path: (string | number)[];
  code: Code;
  /** Point at the key (for something missing) or, by default, at the value. */
  target?: 'key' | 'value';
  detail: string;
  fix: string;
  /** Column offset inside the string value, for problems inside a formula or template. */
  offset?: number;
  span?: number;
}

export interface BlockDefinition<S extends TObject = TObject> {
  /** The `type:` an author writes in YAML; also the key in the registry. */
  type: string;
  /** A short human name, for docs and error messages. */
  title: string;
  /** What the block is for, one or two sentences (shown in editors and docs). */
  description: string;
  props: S;
  Component: ComponentType<Static<S>>;
  /** Rendered on the server and hydrated in the browser; its props must be plain JSON. */
  island?: boolean;
  /** When it is the first block of a page it carries the page's h1 (see useIsFirst); otherwise the page gets a plain title header. */
  leads?: boolean;
  /** Fills the {placeholders} in its own text itself (formatted dates, numbers): the page leaves them alone. */
  ownPlaceholders?: boolean;
  /** Stands above a page's title (breadcrumbs): the block after it still counts as the first. */
  aboveTitle?: boolean;
  /** A complete, realistic example: reused by tests, docs and the scaffold. */
  example: Static<S>;
  /**
   * Set to false when a block's optional `collection` has a sensible default even on a page that
   * is not made per item; otherwise leaving it out there is reported.
   */
  collectionFromPage?: boolean;
  /** For an island: props worked out on the server for this request, added to the YAML ones (JSON only). */
  islandProps?(props: Static<S>, ctx: RenderContext): Record<string, unknown>;
  /** Checks the schema cannot make, run once when the site loads. */
  check?(props: Static<S>): BlockIssue[];
}

export const defineBlock = <S extends TObject>(definition: BlockDefinition<S>): BlockDefinition<S> => definition;
