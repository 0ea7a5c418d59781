/**
 * npm run bench (doctor) — the doctor over the whole fleet in sites/, beside reading the same sites
 * without it: what the doctor's checks add to a read, as a ratio measured in one run, and the CPU
 * time of both (this process's own, so other work on the machine does not count). Printed, never asserted.
 */
import { fileURLToPath } from 'node:url';
import { BLOCKS } from '../../blocks/registry.ts';
import { checkResult } from '../../runtime/doctor/doctor.ts';
import { listSiteFolders, loadSiteFolder } from '../../runtime/fleet.ts';

const SITES = process.env.SITES_DIR ?? fileURLToPath(new URL('../../sites', import.meta.url));
const prefixes = await listSiteFolders(SITES);

const cpuMs = async (work: () => Promise<void>) => {
  const started = process.cpuUsage();
  await work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};

// Once without measuring, so neither side pays for compiling the code.
for (const prefix of prefixes.slice(0, 3)) checkResult(await loadSiteFolder(SITES, prefix, BLOCKS, { keepDocument: true }));
const read = await cpuMs(async () => {
  for (const prefix of prefixes) await loadSiteFolder(SITES, prefix, BLOCKS, { keepDocument: true });
});
let pages = 0;
const doctor = await cpuMs(async () => {
  for (const prefix of prefixes) pages += checkResult(await loadSiteFolder(SITES, prefix, BLOCKS, { keepDocument: true })).pages;
});
console.log(
  `doctor: ${prefixes.length} sites, ${pages} pages checked in ${(doctor / 1000).toFixed(1)} s of CPU; ` +
    `reading them alone ${(read / 1000).toFixed(1)} s; the doctor ${(doctor / read).toFixed(1)}× a read`,
);
