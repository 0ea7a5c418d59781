/**
 * npm (`npx sitewright dev`, `npm start`) runs the command through `sh -c` and passes SIGTERM and
 * SIGINT on to that shell alone, which dies without passing them further: the server was left
 * listening with its parent gone, answering until found and killed by hand. Started through npm,
 * the server therefore stops as on SIGTERM once the process it was started by is gone. (Started
 * otherwise, as by a service manager, or in the background on purpose, it outlives its parent.)
 */
export function stopWithParent(stop: () => void, everyMs = 250): void {
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  // No event says that a parent has gone: its successor as parent (init, a subreaper) does.
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
}
