/**
 * What the studio's server answers, as the browser reads it: the problems found in a draft (with
 * the edits that fix some of them), a publish that raced another, and the site's media files.
 */

// The shapes the server sends are the server's own types (types only: nothing of the server reaches the bundle).
export type { Edit } from '../../config/problem.ts';
export type { StudioProblem as Problem } from '../problems.ts';
export type { MediaEntry as MediaFile } from '../media-files.ts';
import type { StudioProblem as Problem } from '../problems.ts';

/**
 * The answer to saving a draft: saved, and what checking it found; not saved when it is past the
 * size limit (the problem says where); or `superseded` when a newer text of the owner was checked instead.
 */
export interface DraftAnswer {
  saved: boolean;
  superseded?: boolean;
  errors: number;
  warnings: number;
  problems: Problem[];
}

/** The answer to a publish that came after someone else's. */
export interface PublishConflict {
  error: string;
  current: number;
  text: string;
  author?: string;
  at?: string;
}
