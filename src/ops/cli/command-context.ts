// What every CLI command is handed, and the error that says a command was called wrongly (exit 2).
import type { Config } from '../../config/config.ts';
import type { Store } from '../../store/store.ts';

export class UsageError extends Error {}

export interface CommandContext {
  config: Config;
  store: Store;
  args: string[];
  options: {
    state?: string | undefined;
    limit?: string | undefined;
    since?: string | undefined;
    days?: string | undefined;
    all?: boolean | undefined;
    json?: boolean | undefined;
    format?: string | undefined;
    /** With SITES_DIR: the site a command is about (one of its hosts, or its folder's name). */
    site?: string | undefined;
  };
  out(line: string): void;
}
