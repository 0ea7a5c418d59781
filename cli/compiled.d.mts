/** The project folder. */
export const ROOT: string;
/** dist/node: the compiled JavaScript of the command and the server. */
export const OUT: string;
/** dist/node/cli/main.js */
export const ENTRY: string;
/** True when dist/node was built after the last change to any source. */
export function isCurrent(): boolean;
/** Compiles into dist/node (and precompiles the site validator); false when TypeScript is not installed. */
export function build(options?: { quiet?: boolean }): Promise<boolean>;
