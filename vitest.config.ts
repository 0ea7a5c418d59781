import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/sequencer.ts';

/**
 * Two speeds. `unit` needs no browser and no child process: blocks, the pipeline, configuration,
 * routing, the store contract, the signer, and HTTP through app.inject(). `slow` starts Chromium
 * (browser, axe and keyboard tests), Java (the Nu HTML Checker) or `sitewright` processes and
 * servers. `npm test` runs both; `npm run test:unit` and `npm run test:slow` run one.
 */
const SLOW = [
  // Chromium
  'tests/browser/**/*.test.ts',
  'tests/quality/accessibility.test.ts',
  'tests/quality/keyboard.test.ts',
  // `sitewright routes` as a process, then the Nu HTML Checker in Java over every page template
  'tests/quality/pages.test.ts',
  // `sitewright` processes: commands, and servers started with start or dev
  'tests/cli*.test.ts',
  // two servers sharing PostgreSQL and Redis behind a proxy
  'tests/instances.test.ts',
  'tests/studio-instances.test.ts',
  'tests/new.test.ts',
  'tests/build.test.ts',
  'tests/submissions.test.ts',
  'tests/ledger.test.ts',
  'tests/erase.test.ts',
  'tests/reload.test.ts',
  'tests/durability.test.ts',
  'runtime/doctor/cli.test.ts',
  // every address and every form of the 103 sites of the fleet
  'tests/fleet.test.ts',
  'tests/fleet-forms.test.ts',
  // worker threads that each load every block's code to read site documents
  'runtime/site-loader.test.ts',
  // a thousand mutated site files through the loader; two hundred script payloads through a thousand pages
  'tests/fuzz/**/*.test.ts',
  'tests/security/**/*.test.ts',
];

const ALL = ['runtime/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}', 'schema/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    // Once per run, before either project: the client bundle is built here, never by several workers at once.
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. Much of the
    // slow project waits on browsers and processes, so two files at a time use the machine better.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ALL,
          exclude: ['**/node_modules/**', ...SLOW],
          environment: 'node',
          pool: 'forks',
          // The files of a worker share its modules (a third of the time): a unit test leaves no
          // module state or environment variable behind (mail.test.ts restores SMTP_URL).
          isolate: false,
          // A fleet-wide test (every address through app.inject) takes three seconds alone and ten
          // times that beside browsers on two busy cores: the timeouts catch hangs, not slowness.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'slow',
          include: SLOW,
          environment: 'node',
          pool: 'forks',
          // As in the unit project, the files of a worker share its modules: each file would otherwise
          // import the runtime, the blocks and Playwright again (seconds a file on two busy cores).
          // A slow test leaves no module state or environment variable behind (build.test.ts restores its secret).
          isolate: false,
          // Browsers, Java and Node processes are CPU-bound: on two busy cores they take several
          // times as long as on an idle machine. Waits inside the tests are for events, not time.
          // (Scaffolding every template, twenty-eight processes three at a time, and fetching their
          // pages took about 45 s beside other runs; eight processes took up to 111 s beside two full runs.)
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
