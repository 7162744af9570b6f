// What each optional field left out of the content means for the site, for `content:check` (and
// docs/content.md, which lists the same defaults). One sentence per field the content does not set.
import type { z } from 'zod';
import type { contactFileSchema, siteFileSchema } from './schema.ts';
import { defaultBrandColour } from './site-settings.ts';

type SiteFile = z.output<typeof siteFileSchema>;
type ContactFile = z.output<typeof contactFileSchema>;

const siteNotes: [(site: SiteFile, raw: Record<string, unknown>) => boolean, string, string][] = [
  [(_, raw) => !('sample' in raw), 'sample', 'the site presents itself as a real agency (no sample-content notice)'],
  [(s) => s.areaServed.length === 0, 'areaServed', 'the structured data names no area served'],
  [(s) => !s.speciality, 'speciality', 'the footer shows the brand name alone'],
  [(s) => !s.describedAs, 'describedAs', 'the API contract calls the agency by its brand name'],
  [(s) => !s.brandColour, 'brandColour', `buttons and links use the neutral ${defaultBrandColour}`],
  [(s) => !s.logo, 'logo', 'the logo is the brand\'s initial on a square of the brand colour'],
  [(s) => !s.hero.eyebrow, 'hero.eyebrow', 'the home page hero has no line above its title'],
  [(s) => !s.hero.note, 'hero.note', 'the hero\'s note only counts the published case studies'],
  [(s) => !s.hero.resultsNote, 'hero.resultsNote', 'the recent results say "Our newest case studies first."'],
  [(s) => !s.offer, 'offer', 'there is no offer: every call to action leads to the contact page, and the contact form and tools offer no offer topic'],
  [(s) => !s.fitRule, 'fitRule', 'no request is answered as outside the fit (the fit text is still shown to agents)'],
  [(s) => !s.agentExamples.challenge, 'agentExamples.challenge', 'tool descriptions take the first keyword of the first service as their example challenge'],
  [(s) => !s.agentExamples.search, 'agentExamples.search', 'tool descriptions take the newest case study\'s industry as their example search'],
  [(s) => !s.agentExamples.prospect, 'agentExamples.prospect', 'the value-proposition tool\'s example is the example challenge'],
  [(s) => !s.agentExamples.enquiryAbout, 'agentExamples.enquiryAbout', 'the example enquiry is about the first service'],
  [(s) => !s.representativeQueries.mcp, 'representativeQueries.mcp', 'the ai-catalog lists general queries naming the brand for the MCP server'],
  [(s) => !s.representativeQueries.a2a, 'representativeQueries.a2a', 'the ai-catalog lists general queries naming the brand for the A2A agent'],
];

const contactNotes: [(contact: ContactFile) => boolean, string, string][] = [
  [(c) => !c.topics, 'topics', 'the contact form and tools offer every enquiry topic'],
  [(c) => !c.phone, 'phone', 'the contact page gives no phone number'],
  [(c) => !c.address, 'address', 'the contact page gives no address'],
  [(c) => !c.hours, 'hours', 'the contact page gives no opening hours'],
  [(c) => !c.bookingNote, 'bookingNote', 'the offer\'s page closes with the response time'],
];

/** One line per optional field the content leaves out, e.g. `site.yaml offer: not set, so there is no offer: …`. */
export function optionalNotes(site: SiteFile | undefined, rawSite: unknown, contact: ContactFile | undefined): string[] {
  const raw = typeof rawSite === 'object' && rawSite !== null ? rawSite as Record<string, unknown> : {};
  const notes: string[] = [];
  if (site) for (const [missing, field, meaning] of siteNotes) if (missing(site, raw)) notes.push(`site.yaml ${field}: not set, so ${meaning}`);
  const relevant = contactNotes.filter(([, field]) => field !== 'bookingNote' || site?.offer);
  if (contact) for (const [missing, field, meaning] of relevant) if (missing(contact)) notes.push(`contact.yaml ${field}: not set, so ${meaning}`);
  return notes;
}
