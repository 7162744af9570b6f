// The advice tools: match services to a challenge, proof points, reasons to choose the agency and
// the value proposition for a query. Out-of-fit queries (B2C, e-commerce, consumer brands) are
// answered plainly by the domain functions, never forced into a match.
import * as z from 'zod';
import { getProofPoints } from '../../domain/agency/case-studies.ts';
import { matchServices, type ServiceMatch } from '../../domain/agency/match.ts';
import { getReasons, getValueProposition } from '../../domain/agency/why.ts';
import { defineTool, type McpTool } from '../build-server.ts';
import type { McpDeps } from '../deps.ts';
import { withResultCache } from '../result-cache.ts';
import type { ToolCatalogEntry, ToolKey } from '../tool-catalog.ts';
import { caseStudyPageSlug, links, pageSlugs } from './links.ts';
import { caseStudySchema, fitSchema, reasonSchema, serviceMatchSchema } from './output-schemas.ts';

type Entries = Record<ToolKey, ToolCatalogEntry>;
const valueParts = ['services', 'proof_points', 'reasons'] as const;

export function adviceTools(deps: McpDeps, tools: Entries): McpTool[] {
  const { content, search, config } = deps;
  const base = config.baseUrl;
  const brand = content.site.brandName;
  const slugs = pageSlugs(base, content);
  const serviceLinks = ({ path, ...m }: ServiceMatch): Omit<ServiceMatch, 'path'> & { url: string; markdownUrl: string } => {
    const slug = slugs.service(m.slug);
    return { ...m, slug, caseStudies: m.caseStudies.map(caseStudyPageSlug), ...links(base, slug, path) };
  };
  const topics = [...new Set(content.reasons.map((r) => r.topic))] as [string, ...string[]];

  const match = defineTool(tools.matchServices,
    z.strictObject({
      challenge: z.string().trim().min(3).max(500).describe(`The challenge in plain words, e.g. "${content.site.examples.challenge}".`),
      limit: z.int().min(1).max(Math.max(1, content.services.length)).default(3).describe('Most services to return.'),
    }),
    z.object({ challenge: z.string(), fit: fitSchema, message: z.string(), matches: z.array(serviceMatchSchema) }),
    ({ challenge, limit }) => {
      const result = matchServices(content, search, challenge, limit);
      const matches = result.matches.map(serviceLinks);
      const lines = [result.message, ...matches.map((m) =>
        `- ${m.name} (${m.slug}): ${m.summary}${m.matchedKeywords.length ? ` Matched: ${m.matchedKeywords.join(', ')}.` : ''}${m.caseStudies.length ? ` Case studies: ${m.caseStudies.join(', ')}.` : ''}`)];
      return { structured: { ...result, matches }, text: lines.join('\n') };
    });

  const proof = defineTool(tools.getProofPoints,
    z.strictObject({}),
    z.object({ intro: z.string(), points: z.array(caseStudySchema.extend({ claim: z.string() })) }),
    () => {
      const result = getProofPoints(content);
      const points = result.points.map(slugs.caseStudy);
      const lines = [result.intro, ...points.map((p) =>
        `- ${p.client} (${p.industry}): ${p.headlineStat}. ${p.claim} ${p.stats.map((s) => `${s.label}: ${s.value}`).join('; ')} — slug ${p.slug}`)];
      return { structured: { intro: result.intro, points }, text: lines.join('\n') };
    });

  const why = defineTool(tools.why,
    z.strictObject({ topic: z.enum(topics).optional().describe('Only reasons on this topic.') }),
    z.object({ brandName: z.string(), topic: z.string().optional(), topics: z.array(z.string()), reasons: z.array(reasonSchema) }),
    ({ topic }) => {
      const result = getReasons(content, topic);
      const lines = [`Why clients choose ${brand}${result.topic ? ` (${result.topic})` : ''}:`,
        ...result.reasons.map((r) => `- ${r.title} [${r.topic}]: ${r.body}`), `Topics: ${result.topics.join(', ')}`];
      return { structured: result, text: lines.join('\n') };
    });

  const value = defineTool(tools.getValueProposition,
    z.strictObject({
      query: z.string().trim().max(500).default('').describe(`What the prospect needs, e.g. "${content.site.examples.prospect}".`),
      include: z.array(z.enum(valueParts)).min(1).max(3).default([...valueParts]).describe('Which parts to return.'),
    }),
    z.object({
      query: z.string(), fit: fitSchema, message: z.string(), brandName: z.string(), valueProposition: z.string(),
      services: z.array(serviceMatchSchema).optional(), proofPoints: z.array(caseStudySchema).optional(),
      reasons: z.array(reasonSchema).optional(),
    }),
    ({ query, include }) => {
      const result = getValueProposition(content, search, query, [...new Set(include)]);
      const { services, proofPoints, ...rest } = result;
      const structured = {
        ...rest,
        ...(services && { services: services.map(serviceLinks) }),
        ...(proofPoints && { proofPoints: proofPoints.map(slugs.caseStudy) }),
      };
      const lines = [result.message];
      if (result.fit === 'in_fit') lines.push('', result.valueProposition);
      if (structured.services?.length) lines.push('', 'Services:', ...structured.services.map((s) => `- ${s.name} (${s.slug}): ${s.summary}`));
      if (structured.proofPoints?.length) lines.push('', 'Proof points:', ...structured.proofPoints.map((p) => `- ${p.client}: ${p.headlineStat} — slug ${p.slug}`));
      if (result.reasons?.length) lines.push('', 'Reasons:', ...result.reasons.map((r) => `- ${r.title}: ${r.body}`));
      return { structured, text: lines.join('\n') };
    });

  return [match, proof, why, value].map(withResultCache);
}
