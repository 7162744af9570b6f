// Zod schemas for every content file. Strict objects, so a misspelt field is reported by name
// instead of being silently ignored.
import { z } from 'zod';

const text = z.string().trim().min(1, 'must not be empty');
const slugPart = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().regex(slugPart, 'must be lowercase letters, digits and single hyphens');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a real date');
const url = z.string().refine((value) => URL.canParse(value), 'must be an absolute URL');

export const siteFileSchema = z.strictObject({
  brandName: text,
  toolPrefix: z.string().regex(/^[a-z][a-z0-9]*$/, 'must be lowercase letters and digits, starting with a letter'),
  tagline: text,
  sample: z.boolean(),
  fit: text,
  valueProposition: text,
  areaServed: z.array(text).default([]),
  sections: z.array(z.strictObject({ id: slugSchema, title: text, description: text })).min(1),
});

export const contactFileSchema = z.strictObject({
  email: z.email('must be an e-mail address'),
  phone: text.optional(),
  address: z.strictObject({ street: text, city: text, postcode: text.optional(), country: text }).optional(),
  hours: text.optional(),
  responseTime: text,
  bookingNote: text.optional(),
  social: z.array(z.strictObject({ label: text, url })).default([]),
});

export const servicesFileSchema = z.array(z.strictObject({
  slug: slugSchema,
  name: text,
  summary: text,
  keywords: z.array(text).min(1),
  deliverables: z.array(text).default([]),
})).min(1);

export const reasonsFileSchema = z.array(z.strictObject({
  id: slugSchema,
  topic: slugSchema,
  title: text,
  body: text,
})).min(1);

export const proofPointsFileSchema = z.strictObject({
  intro: text,
  points: z.array(z.strictObject({ caseStudy: slugSchema, claim: text })).min(1),
});

export const pageFrontMatterSchema = z.strictObject({
  title: text,
  description: text,
  section: slugSchema,
  path: z.string().regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/, 'must be a URL path like /about').optional(),
  order: z.number().int().optional(),
});

export const caseStudyFrontMatterSchema = z.strictObject({
  client: text,
  headlineStat: text,
  industry: text,
  companySize: text.optional(),
  services: z.array(slugSchema).min(1),
  summary: text,
  publishedAt: isoDate,
  stats: z.array(z.strictObject({ label: text, value: text })).min(1),
});

export const skillFrontMatterSchema = z.object({
  name: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(64),
  description: text.max(1024),
  // The Agent Skills `metadata` map (string values only): "representative-queries" holds one search
  // per line that the skill answers, listed in the ai-catalog.
  metadata: z.record(z.string(), z.string()).optional(),
});
