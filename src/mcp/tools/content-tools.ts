// The reading tools: site index (with keyword search), page as markdown, case-study search and
// contact details. Thin adapters over domain/agency; the text rendering mirrors structuredContent.
import * as z from 'zod';
import { getContact } from '../../domain/agency/contact.ts';
import { searchCaseStudies } from '../../domain/agency/case-studies.ts';
import { getPage, getSiteIndex, notFoundMessage } from '../../domain/agency/site-index.ts';
import { AppError } from '../../domain/errors.ts';
import { defineTool, type McpTool } from '../build-server.ts';
import type { McpDeps } from '../deps.ts';
import { withResultCache } from '../result-cache.ts';
import type { ToolCatalogEntry, ToolKey } from '../tool-catalog.ts';
import { links, pageSlugs } from './links.ts';
import { caseStudySchema, linkFields, pageEntrySchema, searchHitSchema } from './output-schemas.ts';

type Entries = Record<ToolKey, ToolCatalogEntry>;
const nonEmpty = (values: string[]): [string, ...string[]] => values as [string, ...string[]];

export function contentTools(deps: McpDeps, tools: Entries): McpTool[] {
  const { content, search, config } = deps;
  const base = config.baseUrl;
  const slugs = pageSlugs(base, content);
  const serviceSlugs = content.services.flatMap((s) => [s.pageSlug, s.slug]);

  const siteIndex = defineTool(tools.getSiteIndex,
    z.strictObject({
      section: z.enum(nonEmpty(content.sections.map((s) => s.id))).optional().describe('List only this section.'),
      query: z.string().trim().max(200).optional().describe('Keywords to search across all pages and case studies.'),
    }),
    z.object({
      brandName: z.string(), tagline: z.string(), fit: z.string().describe('Who the agency serves, and who not.'),
      valueProposition: z.string(), sample: z.boolean().describe('True when the site is a demonstration, not a real agency.'),
      sections: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), pages: z.array(pageEntrySchema) })),
      matches: z.array(searchHitSchema).optional().describe('Keyword matches, best first (only with query).'),
    }),
    ({ section, query }) => {
      const index = getSiteIndex(content, search, { ...(section && { section }), ...(query && { query }) });
      const { matches, ...rest } = index;
      const structured = {
        ...rest,
        sections: index.sections.map((s) => ({ ...s, pages: s.pages.map((p) => ({ ...p, ...links(base, p.slug, p.path) })) })),
        ...(matches && { matches: matches.map((hit) => ({ ...hit, ...links(base, hit.slug, hit.path) })) }),
      };
      const lines = [`# ${index.brandName} site index`, '', index.tagline, '', `Fit: ${index.fit.trim()}`];
      if (structured.matches) {
        lines.push('', `## Matches for "${query}"`, ...structured.matches.map((m) => `- ${m.slug}: ${m.title} — ${m.description}`));
        if (structured.matches.length === 0) lines.push('No page matches these keywords.');
      }
      for (const s of structured.sections) {
        lines.push('', `## ${s.title} (${s.id})`, s.description, ...s.pages.map((p) => `- ${p.slug}: ${p.title} — ${p.description}`));
      }
      return { structured, text: lines.join('\n') };
    });

  const page = defineTool(tools.getPage,
    z.strictObject({ slug: z.string().trim().min(1).max(200).describe(`Page slug from the site index, e.g. "about" or "${content.site.examples.pageSlug}".`) }),
    z.object({ slug: z.string(), title: z.string(), description: z.string(), section: z.string(), markdown: z.string(), ...linkFields }),
    ({ slug }) => {
      let found;
      try {
        found = getPage(content, slug);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          throw new AppError('not_found', notFoundMessage(content, slug, tools.getSiteIndex.name));
        }
        throw error;
      }
      const structured = {
        slug: found.slug, title: found.title, description: found.description, section: found.section,
        markdown: found.body, ...links(base, found.slug, found.path),
      };
      return { structured, text: withTitle(found.title, found.body) };
    });

  const caseStudies = defineTool(tools.searchCaseStudies,
    z.strictObject({
      query: z.string().trim().max(200).optional().describe(`Keywords, e.g. "${content.site.examples.search}". Omit to list the newest.`),
      industry: z.string().trim().max(100).optional().describe('Only case studies whose industry contains this text.'),
      service: z.enum(nonEmpty(serviceSlugs)).optional()
        .describe(`Only case studies that used this service: its page slug ("services/${content.services[0]!.slug}"; the bare "${content.services[0]!.slug}" works too).`),
      limit: z.int().min(1).max(49).default(10).describe('Most results to return.'),
    }),
    z.object({ query: z.string(), total: z.int().describe('Matches before the limit.'), items: z.array(caseStudySchema) }),
    (args) => {
      const { service, ...rest } = args;
      const result = searchCaseStudies(content, search, service ? { ...rest, service: slugs.serviceFromInput(service) } : rest);
      const items = result.items.map(slugs.caseStudy);
      const lines = [`${result.total} case stud${result.total === 1 ? 'y' : 'ies'} match${result.query ? ` "${result.query}"` : ''}; showing ${items.length}.`];
      for (const cs of items) lines.push(`- ${cs.client} (${cs.industry}): ${cs.headlineStat} — slug ${cs.slug}`);
      return { structured: { ...result, items }, text: lines.join('\n') };
    });

  const contact = defineTool(tools.getContact,
    z.strictObject({ detail: z.enum(['summary', 'full']).default('summary').describe('"full" adds the contact page as markdown.') }),
    z.object({
      brandName: z.string(), email: z.string(), phone: z.string().optional(),
      address: z.object({ street: z.string(), city: z.string(), postcode: z.string().optional(), country: z.string() }).optional(),
      hours: z.string().optional(), responseTime: z.string(), bookingNote: z.string().optional(),
      social: z.array(z.object({ label: z.string(), url: z.string() })),
      topics: z.array(z.string()).describe(`Enquiry topics accepted by ${tools.sendEnquiry.name}.`),
      url: z.string().describe('Contact page with its form.'),
      markdown: z.string().optional().describe('The contact page (detail "full" only).'),
    }),
    ({ detail }) => {
      const { path, ...info } = getContact(content, detail);
      const structured = { ...info, topics: [...info.topics], url: `${base}${path}` };
      const lines = [`# Contact ${info.brandName}`, `- E-mail: ${info.email}`];
      if (info.phone) lines.push(`- Phone: ${info.phone}`);
      if (info.hours) lines.push(`- Hours: ${info.hours}`);
      lines.push(`- Response time: ${info.responseTime}`, `- Contact page: ${structured.url}`);
      if (info.bookingNote) lines.push(`- ${info.bookingNote}`);
      lines.push(`- To send a message: ${tools.sendEnquiry.name} (topics: ${info.topics.join(', ')})`);
      if (info.markdown) lines.push('', info.markdown);
      return { structured, text: lines.join('\n') };
    });

  return [siteIndex, page, caseStudies, contact].map(withResultCache);
}

/** The page markdown with its title as a heading, unless the body already opens with one. */
export function withTitle(title: string, body: string): string {
  return /^\s*# /.test(body) ? body : `# ${title}\n\n${body}`;
}
