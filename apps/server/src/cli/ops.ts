// `npm run backup -- --out FILE`, `npm run restore -- FILE [--force]`,
// `npm run move -- --to-database postgres://… [--to-storage s3]` (README, "Operations").
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupError } from '../platform/backup/backup';
import { backupCommand, moveCommand, restoreCommand } from '../platform/backup/commands';

const USAGE = `Usage:
  npm run backup -- --out FILE
  npm run restore -- FILE [--force]
  npm run move -- --to-database postgres://USER@HOST/DB [--to-storage s3]`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const print = (line: string) => console.log(line);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      force: { type: 'boolean', default: false },
      'to-database': { type: 'string' },
      'to-storage': { type: 'string', default: 'local' },
    },
  });
  const config = loadConfig();
  // Only signs file URLs, which none of these hand out: DATA_DIR's own key is copied, never made here.
  const secret = randomBytes(48);
  if (command === 'backup') {
    if (!values.out) throw new BackupError(`--out FILE is required.\n${USAGE}`);
    await backupCommand(config, secret, values.out, print);
  } else if (command === 'restore') {
    if (positionals.length !== 1) throw new BackupError(`Name one backup file.\n${USAGE}`);
    await restoreCommand(config, secret, positionals[0], values.force ?? false, print);
  } else if (command === 'move') {
    const toDatabase = values['to-database'];
    const toStorage = values['to-storage'];
    if (!toDatabase || !/^postgres(ql)?:\/\//.test(toDatabase))
      throw new BackupError(`--to-database expects a postgres:// URL.\n${USAGE}`);
    if (toStorage !== 'local' && toStorage !== 's3')
      throw new BackupError(`--to-storage expects s3.\n${USAGE}`);
    if (!config.embedded)
      throw new BackupError(
        'move copies an embedded installation: unset DATABASE_URL (the target is --to-database).',
      );
    await moveCommand(process.env, loadConfig, secret, { toDatabase, toStorage }, print);
  } else {
    throw new BackupError(USAGE);
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    if (err instanceof BackupError || err instanceof ConfigError) console.error(err.message);
    else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
