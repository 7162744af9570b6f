// How to reach the agency: structured contact details, optionally with the contact page.
import * as z from 'zod';
import { getContact } from '../domain/agency/contact.ts';
import { defineCapability, noAuthentication, readHints, type Capability } from './capability.ts';
import type { CatalogDeps } from './deps.ts';
import type { CapabilityNames } from './names.ts';

/** What it takes: the same for every site, so made once for the process. */
const contactInput = z.strictObject({
  detail: z.enum(['summary', 'full']).default('summary').describe('"full" adds the contact page as markdown.'),
});

export function contactCapability({ content, config }: CatalogDeps, names: CapabilityNames): Capability {
  const base = config.baseUrl;
  const brand = content.site.brandName;
  return defineCapability({
    key: 'getContact',
    name: names.getContact,
    title: 'Contact details',
    description:
      `How to reach ${brand}: e-mail, phone, response time and booking notes. \`detail\`: "summary" (default) ` +
      `for structured details, "full" adds the whole contact page as markdown. To send a message, use ${names.sendEnquiry}.`,
    input: contactInput,
    output: z.object({
      brandName: z.string(),
      email: z.string().optional(),
      phone: z.string().optional(),
      address: z
        .object({ street: z.string(), city: z.string(), postcode: z.string().optional(), country: z.string() })
        .optional(),
      hours: z.string().optional(),
      responseTime: z.string().optional(),
      bookingNote: z.string().optional(),
      social: z.array(z.object({ label: z.string(), url: z.string() })),
      topics: z.array(z.string()).describe(`Enquiry topics accepted by ${names.sendEnquiry}.`),
      url: z.string().describe('Contact page with its form.'),
      markdown: z.string().optional().describe('The contact page (detail "full" only).'),
    }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ detail: 'summary' }],
    prompts: [],
    tags: ['contact'],
    handle: ({ detail }) => {
      const { path, ...info } = getContact(content, detail);
      const structured = { ...info, topics: [...info.topics], url: `${base}${path}` };
      const { ui } = content;
      const line = (label: string, value: string): string => `- ${label}: ${value}`;
      const lines = [ui.text('answers.contact.heading', { brand: info.brandName })];
      if (info.email) lines.push(line(ui.text('generated.email'), info.email));
      if (info.phone) lines.push(line(ui.text('generated.phone'), info.phone));
      if (info.hours) lines.push(line(ui.text('generated.hours'), info.hours));
      if (info.responseTime) lines.push(line(ui.text('generated.responseTime'), info.responseTime));
      lines.push(line(ui.text('answers.contact.page'), structured.url));
      if (info.bookingNote) lines.push(`- ${info.bookingNote}`);
      lines.push(ui.text('answers.contact.send', { tool: names.sendEnquiry, topics: info.topics.join(', ') }));
      if (info.markdown) lines.push('', info.markdown);
      return { structured, text: lines.join('\n') };
    },
  });
}
