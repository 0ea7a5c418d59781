/**
 * The sitewright command. Each command module only declares its arguments and options; what a
 * command runs is imported inside its action, so `sitewright --help` loads commander and these
 * declarations and nothing of the server, the blocks, React or the PDF library
 * (tests/cli-imports.test.ts).
 */
import { Command } from 'commander';
import * as build from './commands/build.ts';
import * as dev from './commands/dev.ts';
import * as erase from './commands/erase.ts';
import * as ledger from './commands/ledger.ts';
import * as doctor from './commands/doctor.ts';
import * as create from './commands/new.ts';
import * as routes from './commands/routes.ts';
import * as start from './commands/start.ts';
import * as storeCommand from './commands/store.ts';
import * as submissions from './commands/submissions.ts';
import * as validate from './commands/validate.ts';

const program = new Command('sitewright').description('Sitewright: many small-business websites, each one YAML file.');
for (const command of [create, validate, doctor, routes, start, dev, build, submissions, ledger, erase, storeCommand]) command.register(program);
// `sitewright help <command>` is `sitewright <command> --help`, so a command whose help is read when asked (new's templates) has it.
const [first, second, ...rest] = process.argv.slice(2);
await program.parseAsync(first === 'help' && second ? [second, '--help', ...rest] : process.argv.slice(2), { from: 'user' });
