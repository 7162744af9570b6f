// Entry point of the operator CLI (`npm run cli -- <command>` or `npx agentsite <command>`). Opens
// the database named by DATABASE_URL, runs one command and exits: 0 done, 1 failed, 2 bad usage.
// Every line goes out through `printable`: what visitors wrote cannot act on the operator's terminal.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { printable } from '../printable-text.ts';
import { openStore } from '../store/store.ts';
import { commands, UsageError, usage } from './commands.ts';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      state: { type: 'string' },
      limit: { type: 'string' },
      since: { type: 'string' },
      days: { type: 'string' },
      all: { type: 'boolean' },
      json: { type: 'boolean' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, ...args] = positionals;
  if (!name || values.help || name === 'help') {
    process.stdout.write(usage);
    return name || values.help ? 0 : 2;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const config = loadConfig();
  const store = await openStore(config.database);
  try {
    return await command({ config, store, args, options: values, out: (line) => process.stdout.write(`${printable(line)}\n`) });
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usageError = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const label = error instanceof ConfigError ? 'configuration error: ' : '';
    process.stderr.write(`agentsite: ${label}${printable(error instanceof Error ? error.message : String(error))}\n`);
    if (usageError) process.stderr.write('Run "agentsite help" for the commands.\n');
    process.exitCode = usageError ? 2 : 1;
  },
);
