// The A2A 1.0 agent card: identity, the JSON-RPC (BASE_URL/a2a) and HTTP+JSON (BASE_URL/a2a/rest)
// interfaces (with the fields an A2A 0.3 client reads, src/a2a/card-interfaces.ts), capabilities (no streaming, no push notifications) and the skills the agent runs
// (src/a2a/catalog.ts), each with an example data part. The MCP server and REST API are other surfaces, named in the description.
import pkg from '../../../package.json' with { type: 'json' };
import { servedAsSkill } from '../../a2a/catalog.ts';
import { legacyCardFields, supportedInterfaces } from '../../a2a/card-interfaces.ts';
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { SiteConfig } from '../../domain/content/types.ts';
import { toolCatalog, type ToolKey } from '../../mcp/tool-catalog.ts';

const tags: Record<ToolKey, string[]> = {
  getSiteIndex: ['site', 'index', 'navigation'],
  getPage: ['site', 'markdown', 'page'],
  searchCaseStudies: ['case-studies', 'search', 'proof'],
  getContact: ['contact'],
  matchServices: ['services', 'recommendation', 'fit'],
  getProofPoints: ['case-studies', 'proof', 'results'],
  why: ['differentiation', 'reasons'],
  getValueProposition: ['value-proposition', 'services', 'proof'],
  sendEnquiry: ['contact', 'enquiry', 'action'],
  requestAssessment: ['assessment', 'enquiry', 'action', 'authenticated'],
};

/** One valid input per skill, shown as the skill's first example (a test runs each one); the wording is the content's. */
export function exampleInputs({ examples }: Pick<SiteConfig, 'examples'>): Partial<Record<ToolKey, Record<string, unknown>>> {
  return {
    getSiteIndex: { query: examples.search },
    getPage: { slug: 'about' },
    searchCaseStudies: { query: examples.search, limit: 3 },
    getContact: { detail: 'summary' },
    matchServices: { challenge: examples.challenge },
    getProofPoints: {},
    why: {},
    getValueProposition: { query: examples.prospect, include: ['services', 'proof_points'] },
    sendEnquiry: { fromName: 'Ada Lovelace', fromEmail: 'ada@example.com', topic: 'services', message: `Please contact me about ${examples.enquiryAbout}.` },
  };
}

function prompts({ examples }: Pick<SiteConfig, 'examples'>): Partial<Record<ToolKey, string>> {
  return {
    matchServices: `${examples.challenge}; which services fit?`,
    searchCaseStudies: `Show case studies about ${examples.search}`,
    sendEnquiry: `Ask the agency to contact me about ${examples.enquiryAbout}`,
  };
}

export function agentCard(config: Config, content: ContentCatalog): Record<string, unknown> {
  const brand = content.site.brandName;
  const skills = toolCatalog(content.site).filter(servedAsSkill);
  const inputs = exampleInputs(content.site);
  const asks = prompts(content.site);
  return {
    name: `${brand} agency agent`,
    description: `${content.site.tagline} Answers questions about ${brand}'s services, case studies and fit, and sends enquiries. ` +
      'A text message is answered from the site search (best pages and case studies, with links); a data part ' +
      '{"skill": "<id>", "input": {…}} runs one skill, whose input is the arguments of the MCP tool of the same name. ' +
      `Every task completes in the request that creates it. The same tools are served over MCP at ${config.mcpUrl} ` +
      `and a REST API at ${config.baseUrl}/agent. ${content.site.fit}`,
    supportedInterfaces: supportedInterfaces(config),
    ...legacyCardFields(config),
    provider: { organization: brand, url: config.baseUrl },
    version: pkg.version,
    documentationUrl: `${config.baseUrl}/developers`,
    iconUrl: `${config.baseUrl}/logo.svg`,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/markdown'],
    skills: skills.map((tool) => ({
      id: tool.name,
      name: tool.title,
      description: `${tool.description} Call with a data part {"skill": "${tool.name}", "input": {…}}.`,
      tags: tags[tool.key],
      examples: [JSON.stringify({ skill: tool.name, input: inputs[tool.key] ?? {} }), ...(asks[tool.key] ? [asks[tool.key]!] : [])],
      inputModes: ['application/json'],
      outputModes: ['application/json', 'text/markdown'],
    })),
  };
}
