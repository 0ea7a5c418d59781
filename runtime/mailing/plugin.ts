/**
 * Updates to lists, on a server that takes posts: the unsubscribe links' routes, and the sender,
 * ticked every few seconds from start until the app closes (a tick under way is waited for).
 */
import type { FastifyInstance } from 'fastify';
import { siteOf } from '../fleet.ts';
import { CampaignSender } from './sender.ts';
import { unsubscribeRoutes, type UnsubscribeOptions } from './unsubscribe.ts';
import type { Mailer } from '../services/mail.ts';

const TICK_MS = 5_000;

export interface MailingOptions extends UnsubscribeOptions {
  mailer: Mailer;
  sender: CampaignSender;
}

/** The sender of a server: MAIL_RATE messages a minute (60 when unset). */
export function makeSender(options: Omit<MailingOptions, 'sender' | 'assetsFor' | 'notFound'>, log: (line: string) => void): CampaignSender {
  const rate = Number(process.env.MAIL_RATE);
  return new CampaignSender({
    store: options.store,
    mailer: options.mailer,
    signer: options.signer,
    origin: options.origin,
    site: (prefix) => siteOf(options.holder.current, prefix),
    now: options.now,
    rate: Number.isSafeInteger(rate) && rate > 0 ? rate : 60,
    log,
  });
}

export async function mailingPlugin(scope: FastifyInstance, options: MailingOptions) {
  await scope.register(unsubscribeRoutes, options);
  let timer: NodeJS.Timeout | undefined;
  const tick = () => void options.sender.tick().catch((error: Error) => scope.log.error({ err: error.message }, 'sending updates failed'));
  scope.addHook('onReady', async () => {
    timer = setInterval(tick, TICK_MS);
    timer.unref();
  });
  scope.addHook('onClose', async () => {
    clearInterval(timer);
    await options.sender.idle().catch(() => undefined);
  });
}
