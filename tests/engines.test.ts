/**
 * `npm ci` warns (EBADENGINE) for every package it installs whose `engines` leave out the Node that
 * package.json and the README ask for: a newcomer on Node 20 should see no such warning.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string };
  satisfies(version: string, range: string): boolean;
};
const read = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as unknown;

describe('the Node version', () => {
  it("installs no package that asks for a newer Node than package.json's engines", () => {
    const { engines } = read('package.json') as { engines: { node: string } };
    const oldest = semver.minVersion(engines.node).version;
    const { packages } = read('package-lock.json') as { packages: Record<string, { version: string; engines?: { node?: string } }> };
    const wanting = Object.entries(packages)
      .filter(([path, entry]) => path && entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} (${entry.engines?.node})`);
    // Still one: @fastify/static 10 takes content-disposition 3, which asks for Node 22 (its 2.x does not, but @fastify/static 10 does not accept it).
    expect(wanting).toEqual(['content-disposition@3.0.0 (>=22)']);
  });
});
