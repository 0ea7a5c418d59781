import type { Command } from 'commander';

export const sitesOption = (cmd: Command) => cmd.option('--sites <dir>', 'the folder of sites', process.env.SITES_DIR ?? 'sites');
