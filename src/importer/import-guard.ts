// What an import may reach: the host the operator named, on any address and port (they asked for
// it, and it may be a preview on their own machine), and beyond it only what a public audit may:
// public addresses on ports 80 and 443, checked for every URL and every redirect before any
// connection and again at connect time (the audit's policy and resolver), so a hostile site's
// sitemap line, logo or redirect cannot lead the import to a loopback or private service.
import { Agent } from 'undici';
import { publicPolicy } from '../audit/fetch/address-policy.ts';
import { checkedLookup } from '../audit/fetch/connect-lookup.ts';
import { FetchRefused } from '../audit/fetch/errors.ts';
import { checkTarget } from '../audit/fetch/target.ts';

export interface ImportGuard {
  /** The connection pool to ask `url` through, or why the import may not ask for it. */
  route(url: URL): { agent: Agent } | { refused: string };
  close(): Promise<void>;
}

export function createImportGuard(operatorHost: string, connections: number, timeoutMs: number): ImportGuard {
  const policy = publicPolicy();
  const own = new Agent({ connections, connect: { timeout: timeoutMs } });
  const guarded = new Agent({ connections, connect: { timeout: timeoutMs, lookup: checkedLookup(policy) } });
  return {
    route(url) {
      if (url.hostname === operatorHost) return { agent: own };
      try {
        checkTarget(url.href, policy);
        return { agent: guarded };
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error;
        return { refused: error.message };
      }
    },
    close: async () => {
      await Promise.all([own.destroy(), guarded.destroy()]);
    },
  };
}

/** The refusal a connection's resolver gave (a name that resolves to a refused address), if it was one. */
export function refusalOf(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof FetchRefused ? cause.message : undefined;
}
