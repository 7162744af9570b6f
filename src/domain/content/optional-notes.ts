// What each optional field left out of the content means for the site, for `content:check` (and
// docs/content.md, which lists the same defaults). One sentence per field the content does not set.
import { defaultBrandColour } from './site-settings.ts';

/** Each optional field of site.yaml with what the site does without it. */
const siteNotes: [string, string][] = [
  ['sample', 'the site presents itself as a real agency (no sample-content notice)'],
  ['areaServed', 'the structured data names no area served'],
  ['speciality', 'the footer shows the brand name alone'],
  ['describedAs', 'the API contract calls the agency by its brand name'],
  ['brandColour', `buttons and links use the neutral ${defaultBrandColour}`],
  ['logo', "the logo is the brand's initial on a square of the brand colour"],
  ['hero.eyebrow', 'the home page hero has no line above its title'],
  ['hero.note', "the hero's note only counts the published case studies"],
  ['hero.resultsNote', 'the recent results say "Our newest case studies first."'],
  ['hero.intro', "the home page shows home.md's text before its first section under the hero"],
  [
    'offer',
    'there is no offer: every call to action leads to the contact page, and the contact form and tools offer no offer topic',
  ],
  ['fitRule', 'no request is answered as outside the fit (the fit text is still shown to agents)'],
  [
    'agentExamples.challenge',
    'tool descriptions take the first keyword of the first service as their example challenge',
  ],
  ['agentExamples.search', "tool descriptions take the newest case study's industry as their example search"],
  ['agentExamples.prospect', "the value-proposition tool's example is the example challenge"],
  ['agentExamples.enquiryAbout', 'the example enquiry is about the first service'],
  ['representativeQueries.mcp', 'the ai-catalog lists general queries naming the brand for the MCP server'],
  ['representativeQueries.a2a', 'the ai-catalog lists general queries naming the brand for the A2A agent'],
];

const contactNotes: [string, string][] = [
  ['topics', 'the contact form and tools offer every enquiry topic'],
  ['phone', 'the contact page gives no phone number'],
  ['address', 'the contact page gives no address'],
  ['hours', 'the contact page gives no opening hours'],
  ['bookingNote', "the offer's page closes with the response time"],
];

/**
 * One line per optional field the content leaves out, e.g. `site.yaml offer: not set, so there is no
 * offer: …`. Read from the parsed files as written, so a file with mistakes is explained too.
 */
export function optionalNotes(site: unknown, contact: unknown): string[] {
  const notes: string[] = [];
  const hasOffer = isSet(site, 'offer');
  if (isObject(site))
    for (const [field, meaning] of siteNotes)
      if (!isSet(site, field)) notes.push(`site.yaml ${field}: not set, so ${meaning}`);
  if (isObject(contact)) {
    for (const [field, meaning] of contactNotes) {
      if (!isSet(contact, field) && (field !== 'bookingNote' || hasOffer))
        notes.push(`contact.yaml ${field}: not set, so ${meaning}`);
    }
  }
  return notes;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a dotted field ("hero.eyebrow") holds a value: not absent, null or an empty list. */
function isSet(data: unknown, field: string): boolean {
  const value = field.split('.').reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), data);
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}
