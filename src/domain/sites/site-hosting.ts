// What a site's site.yaml says about where it is served, with SITES_DIR (one deployment, many sites):
// the host names it answers for, its public addresses, the origin it stands in front of, and its own
// delivery targets. Declared once here; the content schema accepts these keys in every site.yaml and
// the site registry reads them without loading the rest of the folder.
import { z } from 'zod';
import { siteDeliverySchema } from './site-delivery.ts';

/** A host name as a request's Host names it, lower case, without a port (`www.example.com`, `localhost`). */
const hostNamePattern =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(hostNamePattern, 'must be a host name without scheme, port or path, e.g. www.example.com');

function httpUrl(what: string, originOnly: boolean) {
  return z.string().refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
      return false;
    return !originOnly || url.pathname === '/';
  }, `must be ${what}`);
}

export const siteHostingFields = {
  // With SITES_DIR: the host names this site answers for (the first is its public address by default).
  hosts: z.array(hostName).min(1, 'must name at least one host').optional(),
  // Front mode for this site: the agency's existing site, whose pages and assets are passed through.
  origin: httpUrl('an http or https origin without credentials, path, query or fragment', true)
    .transform((value) => new URL(value).origin)
    .optional(),
  // The site's public address (default https://<first host>) and MCP address (default <baseUrl>/mcp).
  baseUrl: httpUrl('an http or https URL without credentials, query or fragment', false)
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  mcpUrl: httpUrl('an http or https URL without credentials, query or fragment', false)
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // The site's own delivery targets, replacing the instance's for it (site-delivery.ts).
  delivery: siteDeliverySchema.optional(),
};

/** The hosting keys alone, the rest of site.yaml left unread (the registry's quick look at a folder). */
export const siteHostingSchema = z.looseObject(siteHostingFields);

/** A request's Host header as the key of the host map: lower case, port and trailing dot dropped. */
export function hostKey(host: string | undefined): string | undefined {
  if (!host) return undefined;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) name = name.slice(0, name.indexOf(']') + 1);
  else name = name.replace(/:\d*$/, '');
  name = name.replace(/\.$/, '');
  return name || undefined;
}
