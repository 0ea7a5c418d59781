/** What the studio is handed by the app: how to check a draft, how to reload a site, the sized pictures, and its browser bundle. */
import type { ImageVariants } from '../images/maker.ts';
import type { Reloader } from '../server/reload.ts';

import type { DraftChecked, DraftPost } from './draft-post.ts';

/**
 * A draft of a site's document read as the file would be (in a loading thread, within its budget), with where its blocks are;
 * a post's bytes read there too.
 */
export type CheckDraft = (sitesDir: string, prefix: string, draft: string | DraftPost) => Promise<DraftChecked>;

import type { StudioAssets } from './build.ts';

export type { StudioAssets } from './build.ts';

export interface StudioOptions {
  check: CheckDraft;
  /** Reads a site's folder again and serves what it holds (and, sharing reloads, tells the other instances); its reloads of a changed file are versions too. */
  reloads: Reloader;
  images: ImageVariants;
  /** Without it the studio is a plain form: the text, its problems, publish. */
  assets?: StudioAssets;
  /** The largest picture or document an upload may be (default 10 MiB). */
  maxUploadBytes?: number;
}
