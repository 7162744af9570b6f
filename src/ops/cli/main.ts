// Entry point of the operator CLI (`npm run cli -- <command>` or `npx agentsite <command>`). Opens
// the database named by DATABASE_URL, runs one command and exits: 0 done, 1 failed, 2 bad usage.
// `audit`, `init` and `sites` open no database: the audit reads another site (exit codes in audit.ts), init
// writes a new content folder, sites changes the folders of SITES_DIR.
// Every line goes out through `printable`: what visitors wrote cannot act on the operator's terminal.
// The rest is imported after node-version.ts, which stops an older Node with a clear line.
import '../../kernel/node-version.ts';
import { parseArgs } from 'node:util';

const { ConfigError, loadConfig } = await import('../../config/config.ts');
const { printable } = await import('../../kernel/printable-text.ts');
const { auditCommand } = await import('./audit.ts');
const { commands, UsageError, usage } = await import('./commands.ts');
const { initContent } = await import('./init.ts');
const { openCliStore } = await import('./open-database.ts');
const { sitesCommand } = await import('./sites.ts');

async function main(argv: string[]): Promise<number> {
  // The import reads another site into a content folder, with flags of its own (src/importer/).
  if (argv[0] === 'import') {
    const { importCommand, terminalIo } = await import('../../importer/command.ts');
    return importCommand(argv.slice(1), terminalIo(printable));
  }
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
      'fail-under': { type: 'string' },
      language: { type: 'string' },
      create: { type: 'boolean' },
      import: { type: 'string' },
      origin: { type: 'string' },
      site: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, ...args] = positionals;
  if (!name || values.help || name === 'help') {
    process.stdout.write(usage);
    return name || values.help ? 0 : 2;
  }
  // The audit reads other sites, not this one's database or configuration.
  if (name === 'audit') {
    return auditCommand(
      {
        args,
        format: values.format,
        failUnder: values['fail-under'],
        language: values.language,
        out: (text) => process.stdout.write(`${text}\n`),
        err: (text) => process.stderr.write(`${text}\n`),
      },
      UsageError,
    );
  }
  // Init needs no database either: it writes a new content folder.
  if (name === 'init') return initContent(args, (line) => process.stdout.write(`${line}\n`));
  // The sites of SITES_DIR are folders: no database either.
  if (name === 'sites')
    return sitesCommand(args, { import: values.import, origin: values.origin }, (line) =>
      process.stdout.write(`${printable(line)}\n`),
    );
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const config = loadConfig();
  const store = await openCliStore(config.database, values.create === true, Boolean(process.env.DATABASE_URL?.trim()));
  const out = (line: string): void => {
    if (readerGone) throw new ReaderGone();
    process.stdout.write(`${printable(line)}\n`);
  };
  try {
    return await command({ config, store, args, options: values, out });
  } finally {
    await store.close();
  }
}

// `agentsite export | head -1`: once the reader has gone, the command stops at its next line and
// the CLI ends quietly (exit 0), as a pipeline expects, instead of crashing on EPIPE.
class ReaderGone extends Error {}
let readerGone = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  readerGone = true;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ReaderGone) return;
    const usageError = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const label = error instanceof ConfigError ? 'configuration error: ' : '';
    process.stderr.write(`agentsite: ${label}${printable(error instanceof Error ? error.message : String(error))}\n`);
    if (usageError) process.stderr.write('Run "agentsite help" for the commands.\n');
    process.exitCode = usageError ? 2 : 1;
  },
);
