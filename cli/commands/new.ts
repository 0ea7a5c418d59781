import type { Command } from 'commander';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { sitesOption } from '../options.ts';
import type { Answers } from '../templates/index.ts';

interface Options {
  sites: string;
  template?: string;
  name?: string;
  town?: string;
  phone?: string;
  email?: string;
  timeZone?: string;
  yes?: boolean;
}

class Refusal extends Error {}

async function checkPrefix(prefix: string, sitesDir: string): Promise<void> {
  const { isReservedPrefix, PREFIX_PATTERN, RESERVED_PREFIXES } = await import('../../runtime/routing/reserved.ts');
  if (!PREFIX_PATTERN.test(prefix)) {
    const suggestion = prefix.toLowerCase().replace(/[^a-z0-9]/g, '');
    throw new Refusal(
      `"${prefix}" cannot be a site address: use one lowercase word of 2 to 40 letters and digits, starting with a letter${PREFIX_PATTERN.test(suggestion) ? `, such as "${suggestion}"` : ''}.`,
    );
  }
  if (isReservedPrefix(prefix)) throw new Refusal(`"${prefix}" is reserved for the platform itself (${RESERVED_PREFIXES.join(', ')}). Choose another name.`);
  const exists = await access(join(sitesDir, prefix)).then(
    () => true,
    () => false,
  );
  if (exists) throw new Refusal(`sites/${prefix} already exists. Choose another name, or edit ${join(sitesDir, prefix, 'site.yaml')}.`);
}

/** Why a time zone cannot be used, with the zone it most likely means; undefined for one that can. */
function zoneRefusal(zone: string, { nearestZone, zoneNamed }: typeof import('../../runtime/config/time-zone.ts')): string | undefined {
  if (zoneNamed(zone)) return undefined;
  const near = nearestZone(zone);
  return `"${zone}" is not a time zone.${near ? ` Did you mean "${near}"?` : ''} Give an IANA name, such as America/Chicago or Europe/London.`;
}

const BACK = '';

/** Two short lists rather than one long one: first the group, then the template in it (or back to the groups). */
async function chooseTemplate(p: typeof import('@clack/prompts'), ask: <T>(value: T | symbol) => Promise<T>): Promise<string> {
  const groups = (await import('../templates/index.ts')).templateGroups();
  for (;;) {
    const group = await ask<string>(
      await p.select({
        message: 'What kind of organisation is it?',
        options: groups.map((g) => ({ value: g.group, label: g.group, hint: g.templates.map((t) => t.name).join(', ') })),
      }),
    );
    const chosen = groups.find((g) => g.group === group)?.templates ?? [];
    const name = await ask<string>(
      await p.select({
        message: `${group}: which is closest?`,
        options: [
          ...chosen.map(({ name, template }) => ({ value: name, label: template.label, hint: template.hint })),
          { value: BACK, label: 'Back to the groups' },
        ],
      }),
    );
    if (name !== BACK) return name;
  }
}

/** Asks for what the flags did not give, in a terminal; refuses to guess anywhere else. */
async function complete(prefix: string, opts: Options): Promise<Answers & { template: string }> {
  const missing = (['template', 'name', 'town', 'phone', 'email'] as const).filter((k) => !opts[k]);
  if (missing.length && (opts.yes || !process.stdin.isTTY)) {
    throw new Refusal(`missing ${missing.map((m) => `--${m}`).join(', ')}. Give them as flags, or run the command in a terminal to be asked.`);
  }
  const [zones, { machineTimeZone }] = await Promise.all([import('../../runtime/config/time-zone.ts'), import('../templates/shared.ts')]);
  const { zoneNamed } = zones;
  const answers = {
    prefix,
    template: opts.template ?? '',
    name: opts.name ?? '',
    town: opts.town ?? '',
    phone: opts.phone ?? '',
    email: opts.email ?? '',
    // The zone is never missing: the computer's own unless told another, and asked for in a terminal with that answer ready.
    timeZone: zoneNamed(opts.timeZone ?? machineTimeZone()) ?? 'UTC',
  };
  if (!missing.length) return answers;
  const p = await import('@clack/prompts');
  p.intro(`A new site at /${prefix}`);
  const ask = async <T>(value: T | symbol): Promise<T> => {
    if (p.isCancel(value)) {
      p.cancel('Nothing was written.');
      process.exit(1);
    }
    return value as T;
  };
  if (!opts.template) answers.template = await chooseTemplate(p, ask);
  if (!opts.name)
    answers.name = await ask<string>(
      await p.text({
        message: 'Business or organisation name',
        placeholder: 'Maple Falls Dental',
        validate: (v) => (v?.trim() ? undefined : 'A name is needed.'),
      }),
    );
  if (!opts.town)
    answers.town = await ask<string>(
      await p.text({ message: 'Town or city', placeholder: 'Maple Falls', validate: (v) => (v?.trim() ? undefined : 'A town is needed.') }),
    );
  if (!opts.phone)
    answers.phone = await ask<string>(
      await p.text({
        message: 'Phone number',
        placeholder: '(555) 555-0142',
        validate: (v) => (/^\+?[0-9(][0-9 ().-]{5,20}[0-9]$/.test(v ?? '') ? undefined : 'Digits with spaces, dashes or brackets, such as (555) 555-0142.'),
      }),
    );
  if (!opts.email)
    answers.email = await ask<string>(
      await p.text({
        message: 'Public e-mail address',
        placeholder: 'hello@example.com',
        validate: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v ?? '') ? undefined : 'An address such as hello@example.com.'),
      }),
    );
  if (!opts.timeZone) {
    const zone = await ask<string>(
      await p.text({
        message: 'Time zone (bookings and opening times count in it)',
        initialValue: answers.timeZone,
        validate: (v) => zoneRefusal(v?.trim() ?? '', zones),
      }),
    );
    answers.timeZone = zoneNamed(zone.trim()) ?? answers.timeZone;
  }
  p.outro('Writing your site.');
  return answers;
}

export function register(program: Command) {
  // The templates (and the blocks they are made of) load only for this command, its help included:
  // `sitewright new --help` reads them before the help is printed; `sitewright help new` is made the same (cli/main.ts).
  let templatesHelp = '';
  program.hook('preSubcommand', async (_program, command) => {
    if (command.name() === 'new') templatesHelp = `\nTemplates:\n${(await import('../templates/index.ts')).groupedList()}\n`;
  });
  sitesOption(
    program
      .command('new')
      .argument('<prefix>', 'the site address: one lowercase word, such as maplefallsdental')
      .description('start a new site from a template'),
  )
    .option('--template <template>', 'the template to start from (listed below)')
    .option('--name <name>', 'the business or organisation name')
    .option('--town <town>', 'its town or city')
    .option('--phone <phone>', 'its phone number')
    .option('--email <email>', 'its public e-mail address')
    .option('--time-zone <zone>', "where the business is, as an IANA time zone such as America/Chicago (the computer's own when left out)")
    .option('--yes', 'never ask: fail if a value is missing')
    .addHelpText('after', () => templatesHelp)
    .action(async (prefix: string, opts: Options) => {
      const sitesDir = resolve(opts.sites);
      const { TEMPLATES, unknownTemplate } = await import('../templates/index.ts');
      try {
        await checkPrefix(prefix, sitesDir);
        if (opts.template && !Object.hasOwn(TEMPLATES, opts.template)) throw new Refusal(unknownTemplate(opts.template));
        const badZone = opts.timeZone === undefined ? undefined : zoneRefusal(opts.timeZone, await import('../../runtime/config/time-zone.ts'));
        if (badZone) throw new Refusal(badZone);
        const answers = await complete(prefix, opts);
        const template = TEMPLATES[answers.template] as (typeof TEMPLATES)[string];
        const [{ Document }, { writeNotes }, { loadSite }, { formatProblem }, { displayFile }, { SCHEMA_VERSION }, { loadBlocks }] = await Promise.all([
          import('yaml'),
          import('../templates/notes.ts'),
          import('../../runtime/config/load-site.ts'),
          import('../../runtime/config/problem.ts'),
          import('../../runtime/fleet.ts'),
          import('../../schema/site.ts'),
          import('../blocks.ts'),
        ]);
        // A value the template uses twice (a list of days) is written out twice, not as a YAML alias an owner would not recognise.
        const doc = new Document({ schemaVersion: SCHEMA_VERSION, ...template.build(answers) }, { aliasDuplicateObjects: false });
        writeNotes(doc);
        doc.commentBefore = ` The website of ${answers.name}. Change any text and save; \`npx sitewright dev\` shows it at once.\n Every key is explained when you hover over it in an editor with YAML support.${template.media ? '\n The pictures in media/ are samples: put your own photographs in their place.' : ''}`;
        const text = `# yaml-language-server: $schema=../../schema/site.schema.json\n${doc.toString({ lineWidth: 0 })}`;
        // Check the file before writing it: what is written must serve at once.
        const file = displayFile(sitesDir, prefix);
        const media = Object.entries(template.media ?? {});
        const check = loadSite({ prefix, file, source: text, media: new Set(media.map(([name]) => name)), blocks: await loadBlocks() });
        if (!check.site) {
          throw new Refusal(
            `the answers do not make a valid site, so nothing was written:\n\n${check.problems.map((p) => formatProblem(p, text)).join('\n\n')}`,
          );
        }
        await mkdir(join(sitesDir, prefix, 'media'), { recursive: true });
        for (const [name, content] of media) {
          await mkdir(dirname(join(sitesDir, prefix, 'media', name)), { recursive: true });
          await writeFile(join(sitesDir, prefix, 'media', name), content);
        }
        await writeFile(join(sitesDir, prefix, 'site.yaml'), text);
        process.stdout.write(
          `Created ${file} (${check.site.targets.length} pages).\n\nNext:\n  npx sitewright dev\n  open http://localhost:3000/${prefix}\n\n` +
            `What visitors send is read on the site's desk, http://localhost:3000/${prefix}/desk: its sign-in links go to ${answers.email} (list more people under "owners:").\n`,
        );
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        process.stderr.write(`sitewright new: ${error.message}\n`);
        process.exitCode = 1;
      }
    });
}
