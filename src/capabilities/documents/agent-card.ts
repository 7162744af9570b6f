// The A2A 1.0 agent card: identity, the JSON-RPC (BASE_URL/a2a) and HTTP+JSON (BASE_URL/a2a/rest)
// interfaces (with the fields an A2A 0.3 client reads, agent-card-interfaces.ts), capabilities (no streaming, no push notifications) and the skills the agent runs
// (the catalogue's A2A skills, src/capabilities), each with an example data part. The MCP server and REST API are other surfaces, named in the description.
import { withFit } from '../../domain/agency/fit.ts';
import pkg from '../../../package.json' with { type: 'json' };
import { legacyCardFields, supportedInterfaces } from './agent-card-interfaces.ts';
import type { Config } from '../../config/config.ts';
import type { ContentCatalog } from '../../domain/content/catalog.ts';
import type { Capability } from '../capability.ts';

export function agentCard(
  config: Config,
  content: ContentCatalog,
  capabilities: readonly Capability[],
): Record<string, unknown> {
  const brand = content.site.brandName;
  const skills = capabilities.filter((capability) => capability.a2aSkill);
  return {
    name: `${brand} agency agent`,
    description:
      `${content.site.tagline} Answers questions about ${brand}'s services, case studies and fit, and sends enquiries. ` +
      'A text message is answered from the site search (best pages and case studies, with links); a data part ' +
      '{"skill": "<id>", "input": {…}} runs one skill, whose input is the arguments of the MCP tool of the same name. ' +
      `Every task completes in the request that creates it. The same tools are served over MCP at ${config.mcpUrl} ` +
      withFit(`and a REST API at ${config.baseUrl}/agent.`, content.site),
    supportedInterfaces: supportedInterfaces(config),
    ...legacyCardFields(config),
    provider: { organization: brand, url: config.baseUrl },
    version: pkg.version,
    documentationUrl: `${config.baseUrl}/developers`,
    iconUrl: `${config.baseUrl}/logo.svg`,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/markdown'],
    skills: skills.map((skill) => ({
      id: skill.name,
      name: skill.title,
      description: `${skill.description} Call with a data part {"skill": "${skill.name}", "input": {…}}.`,
      tags: skill.tags,
      // The first example input as a data part (a test runs each one), then the requests in words.
      examples: [JSON.stringify({ skill: skill.name, input: skill.examples[0] ?? {} }), ...skill.prompts],
      inputModes: ['application/json'],
      outputModes: ['application/json', 'text/markdown'],
    })),
  };
}
