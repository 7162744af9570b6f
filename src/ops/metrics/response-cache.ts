// The response cache's size, evictions and hits and misses per use (page, variant, capability, …),
// read from the cache at scrape time only: the cache counts in plain numbers, so its hot path pays
// nothing for metrics.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ResponseCache } from '../../cache/response-cache.ts';
import type { Metrics } from './metrics.ts';

export function registerResponseCache(metrics: Metrics & { registry: Registry }, cache: ResponseCache): void {
  const registers = [metrics.registry];
  const gauge = (name: string, help: string, read: (stats: ReturnType<ResponseCache['stats']>) => number): void =>
    void new Gauge({
      name: `agentsite_response_cache_${name}`,
      help,
      registers,
      collect() {
        this.set(read(cache.stats()));
      },
    });
  gauge('bytes', 'Bytes of the responses and results kept now, as each was sized when kept.', (s) => s.bytes);
  gauge('max_bytes', 'The bound on kept bytes (RESPONSE_CACHE_MB).', (s) => s.maxBytes);
  gauge('entries', 'Responses and results kept now.', (s) => s.entries);
  new Counter({
    name: 'agentsite_response_cache_evictions_total',
    help: 'Entries dropped to stay under the bound, least recently used first.',
    registers,
    collect() {
      this.reset();
      this.inc(cache.stats().evictions);
    },
  });
  const perUse = (outcome: 'hits' | 'misses', help: string): void =>
    void new Counter({
      name: `agentsite_response_cache_${outcome}_total`,
      help,
      labelNames: ['use'],
      registers,
      collect() {
        this.reset();
        for (const [use, counts] of Object.entries(cache.stats().byUse)) this.inc({ use }, counts[outcome]);
      },
    });
  perUse('hits', 'Lookups answered from the response cache, by use (page, variant, capability, mcp, …).');
  perUse('misses', 'Lookups the response cache could not answer (computed, then kept if they fit), by use.');
}
