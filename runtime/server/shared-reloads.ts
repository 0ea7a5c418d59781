/**
 * Several instances as one: a site reloaded on one (SIGHUP, or a change seen with --watch) is
 * reloaded on every other instance that shares the Redis server, through one pub/sub channel.
 * A reload that came from the channel is not sent on again.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Reloader } from './reload.ts';

export const RELOAD_CHANNEL = 'sitewright:reloads';

interface Message {
  from: string;
  prefix: string;
}

/**
 * Publishes this instance's reloads and applies the others'. `subscriber` must be a connection
 * of its own (a Redis connection that subscribes can do nothing else).
 */
export async function shareReloads(reloads: Reloader, publisher: Redis, subscriber: Redis, log: (line: string) => void): Promise<() => void> {
  const me = randomUUID();
  const fromOthers = new Set<string>();
  const onReload = ({ prefix }: { prefix: string }) => {
    if (fromOthers.delete(prefix)) return;
    publisher.publish(RELOAD_CHANNEL, JSON.stringify({ from: me, prefix } satisfies Message)).catch((error: Error) => {
      log(`${prefix}: reloaded here, but the other instances could not be told (${error.message}); send them SIGHUP`);
    });
  };
  reloads.on('reload', onReload);
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== RELOAD_CHANNEL) return;
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (message.from === me || typeof message.prefix !== 'string' || !/^[a-z][a-z0-9]{0,39}$/.test(message.prefix)) return;
    fromOthers.add(message.prefix);
    void reloads.reloadSite(message.prefix).catch(() => fromOthers.delete(message.prefix));
  });
  await subscriber.subscribe(RELOAD_CHANNEL);
  return () => {
    reloads.off('reload', onReload);
    subscriber.disconnect();
  };
}
