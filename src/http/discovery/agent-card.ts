// The A2A v1.0 agent card: identity, interfaces, capabilities and one skill per MCP tool. The agent
// is reached over MCP (a custom protocol binding), not A2A JSON-RPC, and the card says so.
import pkg from '../../../package.json' with { type: 'json' };
import type { Config } from '../../config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
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

const examples: Partial<Record<ToolKey, string[]>> = {
  matchServices: ['Our pipeline stalled after our Series B; which services fit?'],
  searchCaseStudies: ['Show case studies from cybersecurity companies'],
  sendEnquiry: ['Ask the agency to contact me about account-based marketing'],
};

export function agentCard(config: Config, content: ContentCatalog): Record<string, unknown> {
  const brand = content.site.brandName;
  return {
    name: `${brand} agency agent`,
    description: `${content.site.tagline} Answers questions about ${brand}'s services, case studies and fit, and sends enquiries. ` +
      `Reached over MCP at ${config.mcpUrl} (binding "MCP") and the REST API at ${config.baseUrl}/agent. ${content.site.fit}`,
    supportedInterfaces: [{ url: config.mcpUrl, protocolBinding: 'MCP', protocolVersion: '1.0' }],
    provider: { organization: brand, url: config.baseUrl },
    version: pkg.version,
    documentationUrl: `${config.baseUrl}/developers`,
    iconUrl: `${config.baseUrl}/logo.svg`,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['application/json', 'text/plain'],
    defaultOutputModes: ['application/json', 'text/markdown'],
    skills: toolCatalog(content.site).map((tool) => ({
      id: tool.name,
      name: tool.title,
      description: tool.description,
      tags: tags[tool.key],
      ...(examples[tool.key] ? { examples: examples[tool.key] } : {}),
      inputModes: ['application/json'],
      outputModes: ['application/json', 'text/markdown'],
    })),
  };
}
