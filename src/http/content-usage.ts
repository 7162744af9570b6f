// The Content-Usage response header (AIPREF) that the site's pages and documents carry, saying what
// robots.txt says (both come from CONTENT_SIGNAL, src/domain/usage-preference.ts).
import type { FastifyReply } from 'fastify';
import type { Config } from '../config/config.ts';
import { contentUsageField, contentUsageValue } from '../domain/usage-preference.ts';

/** Sets Content-Usage on a reply; leaves it out when CONTENT_SIGNAL states nothing AIPREF has a word for. */
export function contentUsageHeader(config: Pick<Config, 'usagePreference'>): (reply: FastifyReply) => FastifyReply {
  const value = contentUsageValue(config.usagePreference);
  return value ? (reply) => reply.header(contentUsageField, value) : (reply) => reply;
}
