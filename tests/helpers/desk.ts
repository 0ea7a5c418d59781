/** The desk's test fleet served with a data folder, and every e-mail it sends kept for the test to read. */
import type { MailMessage } from '../../runtime/services/mail.ts';
import { appWithData, DESK_FLEET } from './app.ts';

type Settings = Parameters<typeof appWithData>[3];
type Extra = Parameters<typeof appWithData>[5];

export async function deskApp(settings: Settings, extra: Extra): Promise<{ ctx: Awaited<ReturnType<typeof appWithData>>; sent: MailMessage[] }> {
  const ctx = await appWithData(DESK_FLEET, undefined, undefined, settings, undefined, extra);
  const sent: MailMessage[] = [];
  const send = ctx.services.mailer.send.bind(ctx.services.mailer);
  ctx.services.mailer.send = async (message) => {
    sent.push(message);
    await send(message);
  };
  return { ctx, sent };
}
