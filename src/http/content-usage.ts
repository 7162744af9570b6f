// The Content-Usage response header (AIPREF) that the site's pages and documents carry, saying what
// robots.txt says (both come from CONTENT_SIGNAL, src/domain/usage-preference.ts).
import type { FastifyReply } from 'fastify';
import type { Config } from '../config/config.ts';
import { contentUsageField, contentUsageValue } from '../domain/usage-preference.ts';

type SetUsage = (reply: FastifyReply) => FastifyReply;

const leftOut: SetUsage = (reply) => reply;
// One setter per value, shared by every site that states it: with many sites, each site's own would
// be one more object a page reads out of the processor's caches (docs/benchmarks.md).
const setters = new Map<string, SetUsage>();

/** Sets Content-Usage on a reply; leaves it out when CONTENT_SIGNAL states nothing AIPREF has a word for. */
export function contentUsageHeader(config: Pick<Config, 'usagePreference'>): SetUsage {
  const value = contentUsageValue(config.usagePreference);
  if (!value) return leftOut;
  let set = setters.get(value);
  if (!set) setters.set(value, (set = (reply) => reply.header(contentUsageField, value)));
  return set;
}
