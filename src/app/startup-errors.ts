// Start-up failures in the operator's terms: a database that cannot be opened, a content folder or
// file that cannot be read, or an address that cannot be listened on becomes a ConfigError whose
// one line names the variable to fix (and the file, for content), never a bare driver message.
import path from 'node:path';
import { ConfigError } from '../config/config.ts';
import { ContentError } from '../domain/content/content-error.ts';

/** DATABASE_URL could not be opened or migrated. The URL itself is not repeated (it may hold a password). */
export function databaseStartError(error: unknown): ConfigError {
  return new ConfigError(`DATABASE_URL: the database could not be opened: ${reason(error)}`);
}

/** The content folder or one of its files could not be loaded: names the file by its full path (and its line). */
export function contentStartError(contentDir: string, error: unknown): ConfigError {
  if (error instanceof ContentError) {
    const more = error.issues.length - 1;
    const rest =
      more > 0 ? ` (and ${more} more mistake${more === 1 ? '' : 's'}: npm run content:check lists them all)` : '';
    return new ConfigError(`CONTENT_DIR: ${path.join(contentDir, error.located)}${rest}`);
  }
  return new ConfigError(`CONTENT_DIR: ${contentDir} could not be read: ${reason(error)}`);
}

/** A listener could not bind: names the port variable, or HOST when the address is the problem. */
export function listenStartError(portVariable: string, host: string, port: number, error: unknown): ConfigError {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return new ConfigError(`${portVariable}: port ${port} on ${host} is already in use`);
    case 'EACCES':
      return new ConfigError(`${portVariable}: port ${port} on ${host} needs privileges this process does not have`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new ConfigError(`HOST: "${host}" is not an address of this machine (${code})`);
    default:
      return new ConfigError(`${portVariable}: cannot listen on ${host}:${port}: ${reason(error)}`);
  }
}

/** The first line of an error's message with its code, cut short. */
function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);
  return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
}
