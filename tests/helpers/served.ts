/** The real app serving sites on a free port, with a Chromium to visit it: what every browser test of the fleet starts from. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ServiceOptions } from '../../runtime/services/index.ts';
import { appWithData } from './app.ts';
import { launchChromium } from './browser.ts';

export interface Served {
  ctx: Awaited<ReturnType<typeof appWithData>>;
  browser: Browser;
  origin: string;
}

/** Starts the app over the sites folder `sites` gives and a Chromium before the file's tests, and closes both after them. */
export function servedInChromium(sites: () => string | Promise<string>, options: ServiceOptions): Served {
  const served = {} as Served;
  beforeAll(async () => {
    served.ctx = await appWithData(await sites(), undefined, undefined, options);
    served.origin = await served.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    served.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await served.browser?.close();
    await served.ctx?.app.close();
  });
  return served;
}
