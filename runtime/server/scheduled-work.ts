/**
 * The work the server does by the clock: once at start and then daily, records older than their
 * site's rules are deleted (retention.ts); hourly, the work blocks have scheduled is done. The
 * timers never keep the process alive, and stop when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import type { ActionServices } from '../../blocks/contract.ts';
import type { FleetHolder } from './reload.ts';
import { runScheduled, sweep } from './retention.ts';
import { shared } from './shared-plugin.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface ScheduledWorkOptions {
  holder: FleetHolder;
  services: ActionServices;
}

async function scheduledWork(app: FastifyInstance, { holder, services }: ScheduledWorkOptions) {
  let daily: NodeJS.Timeout | undefined;
  let hourly: NodeJS.Timeout | undefined;
  const sweepNow = () =>
    sweep(holder.current, services.store, services.uploadsDir).catch((error: Error) => app.log.error({ err: error.message }, 'retention sweep failed'));
  const scheduledNow = () =>
    runScheduled(holder.current, services, app.log).catch((error: Error) => app.log.error({ err: error.message }, 'scheduled work failed'));
  app.addHook('onReady', async () => {
    void sweepNow();
    void scheduledNow();
    daily = setInterval(() => void sweepNow(), DAY);
    daily.unref();
    hourly = setInterval(() => void scheduledNow(), HOUR);
    hourly.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(daily);
    clearInterval(hourly);
  });
}

export const scheduledWorkPlugin = shared(scheduledWork);
