import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../runtime/doctor/layout/chromium.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the background traffic a closed network refuses turned off. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is not at ${CHROMIUM}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
}
