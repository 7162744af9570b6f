// The MCP resources' addresses, which the server serves and its card lists.

/** MCP resource URIs under the tool prefix, e.g. "service://page/{+slug}" (`+`: slugs contain "/"). */
export function resourceUris(prefix: string): { siteIndex: string; openapiSpec: string; pageTemplate: string } {
  return {
    siteIndex: `${prefix}://site-index`,
    openapiSpec: `${prefix}://openapi-spec`,
    pageTemplate: `${prefix}://page/{+slug}`,
  };
}
