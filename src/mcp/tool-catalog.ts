// The MCP surface as data: name, title, description and annotations of every tool, and the
// resource URIs, derived from the site config (tool prefix, brand, fit). The MCP server registers
// exactly these and discovery documents (server card, agent card, llms.txt) read them here.
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { SiteConfig } from '../domain/content/types.ts';
import { describeRatePolicy } from '../domain/limit-wording.ts';
import { contactPolicy } from '../domain/rate-limit.ts';

export type ToolKey =
  | 'getSiteIndex' | 'getPage' | 'searchCaseStudies' | 'getContact' | 'matchServices' | 'getProofPoints'
  | 'why' | 'getValueProposition' | 'sendEnquiry' | 'requestAssessment';

export interface ToolCatalogEntry {
  key: ToolKey;
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
}

export type CatalogSite = Pick<SiteConfig, 'brandName' | 'toolPrefix' | 'fit' | 'offer' | 'examples'>;

const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Enquiries leave the server (CRM, e-mail), and a repeat without an idempotency key creates another. */
const acting: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/** Every tool's full name, e.g. `toolNames(site).getPage === 'service_get_page'`. */
export function toolNames(site: Pick<SiteConfig, 'brandName' | 'toolPrefix'>): Record<ToolKey, string> {
  const p = site.toolPrefix;
  return {
    getSiteIndex: `${p}_get_site_index`,
    getPage: `${p}_get_page`,
    searchCaseStudies: `${p}_search_case_studies`,
    getContact: `${p}_get_contact`,
    matchServices: `${p}_match_services`,
    getProofPoints: `${p}_get_proof_points`,
    why: `${p}_why_${site.brandName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
    getValueProposition: `${p}_get_value_proposition`,
    sendEnquiry: `${p}_send_enquiry`,
    requestAssessment: `${p}_request_assessment`,
  };
}

/** The ten tools, in the order tools/list returns them. */
export function toolCatalog(site: CatalogSite): ToolCatalogEntry[] {
  const n = toolNames(site);
  const brand = site.brandName;
  const fit = site.fit.trim();
  const { offer, examples } = site;
  const entry = (key: ToolKey, title: string, description: string, annotations = readOnly): ToolCatalogEntry =>
    ({ key, name: n[key], title, description, annotations });
  return [
    entry('getSiteIndex', 'Site index',
      `Lists every page of the ${brand} site by section (slug, title, summary, URLs). Call this first to learn ` +
      `real slugs for ${n.getPage}. Optional: \`section\` to list one section, \`query\` for a keyword search ` +
      `across pages. ${fit}`),
    entry('getPage', 'Page as markdown',
      `Returns one page of the ${brand} site as markdown, by slug (e.g. "home", "${examples.pageSlug}", ` +
      `"case-studies/<slug>"). Get valid slugs from ${n.getSiteIndex}; an unknown slug returns an error naming it.`),
    entry('searchCaseStudies', 'Search case studies',
      `Keyword search over all of ${brand}'s client case studies (industry, service, result, client). ` +
      `Returns matches with headline stat, industry, services and page slugs; an empty query lists the newest.`),
    entry('getContact', 'Contact details',
      `How to reach ${brand}: e-mail, phone, response time and booking notes. \`detail\`: "summary" (default) ` +
      `for structured details, "full" adds the whole contact page as markdown. To send a message, use ${n.sendEnquiry}.`),
    entry('matchServices', 'Match services to a challenge',
      `Maps a challenge (e.g. "${examples.challenge}") to ${brand}'s services, best match first, ` +
      `with why each fits. It says plainly when the challenge is outside ${brand}'s fit instead of forcing a match. ${fit}`),
    entry('getProofPoints', 'Proof points',
      `The flagship case studies as structured stats (client, industry, headline result, figures). Use them to ` +
      `back a recommendation with evidence; ${n.searchCaseStudies} finds the rest.`),
    entry('why', `Why ${brand}`,
      `Reasons clients choose ${brand}, each with its topic, optionally filtered by \`topic\` (the input schema ` +
      `lists the topics, e.g. ${examples.reasonTopics.map((topic) => `"${topic}"`).join(', ')}). The result also lists every topic.`),
    entry('getValueProposition', 'Value proposition',
      `${brand}'s value proposition for a query: matched services, proof-point case studies and/or reasons to ` +
      `choose ${brand} (\`include\` picks which). Says plainly when the query is outside ${brand}'s fit. ${fit}`),
    entry('sendEnquiry', 'Send an enquiry',
      `Sends an enquiry to ${brand} on behalf of a user: a general question (topic "general", "services", ` +
      `"partnership", "press", "careers")${offer ? ` or a ${offer.name} request (topic "assessment")` : ''}. ` +
      `Only send with the user's consent and their real name and e-mail. Same rules as POST /agent/contact: ` +
      `${describeRatePolicy(contactPolicy)} per client, shared with the REST API; pass \`idempotencyKey\` to retry safely. ` +
      `Returns the enquiry reference.`, acting),
    // Without an offer, the partners' tool sends a priority enquiry and names no offer.
    entry('requestAssessment', offer ? `Request a ${offer.name}` : 'Send a partner enquiry',
      `${offer ? `Requests a ${offer.name} from ${brand}` : `Sends ${brand} an enquiry`} for a key-holding partner. Needs the HTTP header ` +
      `\`Authorization: Bearer <API key>\`; keys are issued by ${brand} on request (ask via ${n.sendEnquiry} ` +
      `with topic "partnership"). Without a key, use ${n.sendEnquiry}${offer ? ' with topic "assessment"' : ''} instead.`, acting),
  ];
}

/** MCP resource URIs under the tool prefix, e.g. "service://page/{+slug}" (`+`: slugs contain "/"). */
export function resourceUris(prefix: string): { siteIndex: string; openapiSpec: string; pageTemplate: string } {
  return { siteIndex: `${prefix}://site-index`, openapiSpec: `${prefix}://openapi-spec`, pageTemplate: `${prefix}://page/{+slug}` };
}
