// Headers of every page the form answers with: HTML for this visitor only, never cached or indexed.
import { htmlCsp } from '../layout.ts';

export function formPageHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': htmlCsp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
  };
}
