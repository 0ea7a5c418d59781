/**
 * What the studio's server answers, as the browser reads it: the problems found in a draft (with
 * the edits that fix some of them), a publish that raced another, and the site's media files.
 */

/** Replace the text from line:col up to (not including) endLine:endCol, all counted from 1. */
export interface Edit {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  text: string;
}

/** One thing wrong with the draft, where it is and what to do about it. */
export interface Problem {
  code: string;
  severity: 'error' | 'warning';
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  detail: string;
  fix: string;
  edits?: Edit[];
}

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

/** A picture or document the site can link to. */
export interface MediaFile {
  name: string;
  path: string;
  type: 'image' | 'document';
  bytes: number;
}
