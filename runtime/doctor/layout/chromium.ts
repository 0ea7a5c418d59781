/** The Chromium `doctor --layout` renders pages in: the system's own, driven by playwright-core. */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Where Chromium usually is on Debian, Ubuntu and Fedora, after SITEWRIGHT_CHROMIUM. */
const PLACES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'];

/** Said when there is no Chromium to use: what to install or set. */
export class ChromiumMissing extends Error {}

export function findChromium(env: NodeJS.ProcessEnv = process.env, places: readonly string[] = PLACES): string {
  const chosen = env.SITEWRIGHT_CHROMIUM;
  if (chosen) {
    if (existsSync(chosen)) return chosen;
    throw new ChromiumMissing(
      `SITEWRIGHT_CHROMIUM is ${chosen}, but there is no file there. Point it at a Chromium or Chrome program, or unset it to use the system's (Debian and Ubuntu: "apt-get install -y chromium").`,
    );
  }
  const found = places.find((place) => existsSync(place));
  if (found) return found;
  throw new ChromiumMissing(
    `doctor --layout renders pages in Chromium, and none was found (looked in ${places.join(', ')}). ` +
      'Install it (Debian and Ubuntu: "apt-get install -y chromium"), or set SITEWRIGHT_CHROMIUM=/path/to/chromium.',
  );
}

/**
 * Headless, with the background traffic of a fresh profile turned off, and no host name to be
 * looked up (the pages come from 127.0.0.1): nothing leaves the machine.
 */
export async function launchChromium(executablePath = findChromium()): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
}

/** Headless, without the background traffic (updates, sync, first-run pages) a fresh profile starts. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;
