/**
 * A real SMTP server for tests of mail sent to lists: it keeps every message per recipient, refuses
 * addresses starting with "gone" for good (550) and those starting with "busy" once for now (451);
 * and a copy of the forms fixture whose site gives a postal address for the footer.
 */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { FORMS_FLEET } from './app.ts';

export interface Received {
  to: string;
  data: string;
}

export async function startInbox(): Promise<{ url: string; inbox: Received[]; close: () => Promise<void> }> {
  const inbox: Received[] = [];
  const refusedOnce = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const to = address.address;
      if (to.startsWith('gone')) return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      if (to.startsWith('busy') && !refusedOnce.has(to)) {
        refusedOnce.add(to);
        return callback(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) inbox.push({ to: r.address, data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return { url, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The forms fixture in a folder of its own, its site "gamma" with a postal address. */
export async function sitesWithAddress(): Promise<string> {
  const sitesDir = await mkdtemp(join(tmpdir(), 'sitewright-campaign-sites-'));
  await cp(FORMS_FLEET, sitesDir, { recursive: true });
  const file = join(sitesDir, 'gamma', 'site.yaml');
  const yaml = await readFile(file, 'utf8');
  const address = '  address:\n    street: 12 Mill Road\n    locality: Waukegan\n    region: IL\n    postalCode: "60085"\n    country: US\n';
  await writeFile(file, yaml.replace('  notify: leads@gamma.example.com\n', `  notify: leads@gamma.example.com\n${address}`));
  return sitesDir;
}
