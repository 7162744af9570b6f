// Structured JSON logs on stdout (pino). Logs carry references and ids, never personal data:
// request bodies are never logged and credentials are redacted should a header be logged.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'agentsite' },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.apiKey', '*.accessToken'],
  });
}
