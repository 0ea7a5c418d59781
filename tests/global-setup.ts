import { ensureClient } from '../runtime/client/build.ts';
import { ensureStudio } from '../runtime/studio/build.ts';
import { BLOCKS } from '../blocks/registry.ts';

/** Browser and HTTP tests need the client bundle; build it once if it is missing or stale. */
export default async function setup() {
  await ensureClient(BLOCKS);
  await ensureStudio();
}
