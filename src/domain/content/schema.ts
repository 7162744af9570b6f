// Zod schemas for every content file. Strict objects, so a misspelt field is reported by name
// instead of being silently ignored.
import { z } from 'zod';
import { emailAddress, enquiryTopics } from '../enquiries/schema.ts';
import { isPublishableHref } from './link-schemes.ts';
import { siteLinkNames } from './site-links.ts';
import { siteHostingFields } from '../sites/site-hosting.ts';

const text = z.string().trim().min(1, 'must not be empty');
const slugPart = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().regex(slugPart, 'must be lowercase letters, digits and single hyphens');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDate, 'is not a real date (check the day and month)');
const url = z
  .string()
  .refine((value) => URL.canParse(value), 'must be an absolute URL')
  .refine(isPublishableHref, 'must be an http, https, mailto or tel address');

/** `Date.parse` rolls 2026-02-30 over to March; a real date reads back as the same day. */
function isRealDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const phrases = z.array(text).default([]);

/** A BCP 47 language tag Intl understands ("en", "de", "de-AT"). */
const languageTag = z.string().refine((tag) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}, 'must be a language tag such as en, de or de-AT (BCP 47)');

/** A link of the navigation or footer: one of the site's own (by name) or any page or address. */
const siteLink = z.union([
  z.enum(siteLinkNames, { error: `must be one of ${siteLinkNames.join(', ')}, or a label with an href` }),
  z.strictObject({
    label: text,
    href: z
      .string()
      .refine(
        (href) => /^\/(?!\/)/.test(href) || /^https?:\/\//.test(href) || href.startsWith('mailto:'),
        'must be a path on the site (/impressum) or an absolute URL',
      ),
  }),
]);

/** WCAG contrast ratio of a #rrggbb colour with the site's light surface (#f4f6fb), its palest background. */
function contrastWithSurface(hex: string): number {
  const luminance = (colour: string): number => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => Number.parseInt(colour.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return (luminance('#f4f6fb') + 0.05) / (luminance(hex) + 0.05);
}

/** The links a language's pages show, for a site in several languages. */
const languageLinks = z.strictObject({
  navigation: z.array(siteLink).min(1).optional(),
  footer: z.array(siteLink).optional(),
});

const siteFileFields = z.strictObject({
  brandName: text,
  toolPrefix: z.string().regex(/^[a-z][a-z0-9]*$/, 'must be lowercase letters and digits, starting with a letter'),
  tagline: text,
  sample: z.boolean().default(false),
  // Gaps the import may leave (see gaps.ts): without them the sentences that need them are not said.
  fit: text.optional(),
  valueProposition: text.optional(),
  areaServed: z.array(text).default([]),
  sections: z.array(z.strictObject({ id: slugSchema, title: text, description: text })).min(1),
  // Everything below is optional; docs/content.md gives each default.
  language: languageTag.optional(),
  // A site with translations: its languages, the default first (docs/content.md, "Translations").
  languages: z.array(languageTag).min(2, 'must list two languages or more (one is `language`)').optional(),
  translations: z.record(z.string(), languageLinks).optional(),
  identifier: slugSchema.optional(),
  navigation: z.array(siteLink).min(1).optional(),
  footer: z.array(siteLink).optional(),
  speciality: text.optional(),
  describedAs: text.optional(),
  // Buttons put white text on it and links put it on light backgrounds: both must stay readable (WCAG AA).
  brandColour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
    .refine(
      (hex) => contrastWithSurface(hex) >= 4.5,
      'is too light: white text on it and it on a light page need a contrast of at least 4.5:1 (pick a darker shade)',
    )
    .optional(),
  logo: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*\.svg$/, 'must be the name of an SVG file in the content folder, e.g. logo.svg')
    .optional(),
  hero: z
    .strictObject({
      eyebrow: text.optional(),
      note: text.optional(),
      resultsNote: text.optional(),
      intro: z.boolean().optional(),
    })
    .default({}),
  offer: z
    .strictObject({
      page: slugSchema,
      name: text,
      button: text.optional(),
      navLabel: text.optional(),
      closingTitle: text.optional(),
      bookTitle: text.optional(),
      bookButton: text.optional(),
    })
    .optional(),
  fitRule: z.strictObject({ outside: phrases, usuallyOutside: phrases, inside: phrases }).optional(),
  agentExamples: z
    .strictObject({
      challenge: text.optional(),
      search: text.optional(),
      prospect: text.optional(),
      enquiryAbout: text.optional(),
    })
    .default({}),
  representativeQueries: z
    .strictObject({
      mcp: z.array(text).min(2).max(5).optional(),
      a2a: z.array(text).min(2).max(5).optional(),
    })
    .default({}),
  // Where the site is served with SITES_DIR (hosts, origin, addresses, delivery): src/domain/sites/site-hosting.ts.
  ...siteHostingFields,
});

/** site.yaml: `language` is the first of `languages` when the site has translations, else `en` by default. */
export const siteFileSchema = siteFileFields
  .superRefine((site, context) => {
    const { language, languages } = site;
    if (language && languages && language !== languages[0])
      context.addIssue({
        code: 'custom',
        path: ['language'],
        message: `must be the first of languages (${languages[0]}), or left out`,
      });
    if (languages && new Set(languages).size < languages.length)
      context.addIssue({ code: 'custom', path: ['languages'], message: 'lists a language twice' });
    for (const key of Object.keys(site.translations ?? {}))
      if (!languages?.slice(1).includes(key))
        context.addIssue({
          code: 'custom',
          path: ['translations', key],
          message: `"${key}" is not one of the site's other languages (languages: ${languages?.join(', ') ?? 'none'})`,
        });
  })
  .transform((site) => ({ ...site, language: site.languages?.[0] ?? site.language ?? 'en' }));

export const contactFileSchema = z.strictObject({
  email: z.email({ pattern: emailAddress, error: 'must be an e-mail address' }).optional(),
  phone: text.optional(),
  address: z.strictObject({ street: text, city: text, postcode: text.optional(), country: text }).optional(),
  hours: text.optional(),
  responseTime: text.optional(),
  bookingNote: text.optional(),
  social: z.array(z.strictObject({ label: text, url })).default([]),
  // Enquiry topics offered, by id, with the label the contact form shows (see docs/content.md).
  topics: z.partialRecord(z.enum(enquiryTopics), text).optional(),
});

export const servicesFileSchema = z.array(
  z.strictObject({
    slug: slugSchema,
    name: text,
    summary: text,
    keywords: z.array(text).min(1),
    deliverables: z.array(text).default([]),
    // Its wording in the site's other languages; its page there is the page translating services/<slug>.
    translations: z
      .record(
        languageTag,
        z.strictObject({
          name: text.optional(),
          summary: text.optional(),
          keywords: z.array(text).min(1).optional(),
          deliverables: z.array(text).optional(),
        }),
      )
      .optional(),
  }),
);

export const reasonsFileSchema = z.array(
  z.strictObject({
    id: slugSchema,
    topic: slugSchema,
    title: text,
    body: text,
  }),
);

/** synonyms.yaml (optional): groups of words buyers use for the same thing in the agency's trade. */
export const synonymsFileSchema = z.array(z.array(text).min(2, 'must list two words or more')).default([]);

export const proofPointsFileSchema = z.strictObject({
  intro: text.optional(),
  points: z.array(z.strictObject({ caseStudy: slugSchema, claim: text })),
});

export const pageFrontMatterSchema = z.strictObject({
  title: text,
  description: text,
  section: slugSchema,
  path: z
    .string()
    .regex(/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/, 'must be a URL path like /about')
    .optional(),
  order: z.number().int().optional(),
  // A translated page: its language (one of site.yaml `languages`) and the page it translates.
  language: languageTag.optional(),
  translationOf: z
    .string()
    .regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/, 'must be the slug of the page it translates, e.g. services/seo')
    .optional(),
  // The home page's sections (## headings) the designed bands stand for, when not the language's own.
  homeSections: z
    .strictObject({ services: text.optional(), results: text.optional(), notFor: text.optional() })
    .optional(),
});

const caseStudyWording = {
  client: text,
  headlineStat: text.optional(),
  industry: text.optional(),
  companySize: text.optional(),
  summary: text,
  stats: z.array(z.strictObject({ label: text, value: text })),
};

export const caseStudyFrontMatterSchema = z.strictObject({
  ...caseStudyWording,
  services: z.array(slugSchema),
  publishedAt: isoDate,
});

/**
 * A case study in another language (case-studies/<language>/<slug>.md): its own wording, the slug of
 * the case study it translates; its services and date are the case study's.
 */
export const caseStudyTranslationSchema = z.strictObject({
  ...caseStudyWording,
  client: text.optional(),
  translationOf: slugSchema,
});

export const skillFrontMatterSchema = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .max(64),
  description: text.max(1024),
  // The Agent Skills `metadata` map (string values only): "representative-queries" holds one search
  // per line that the skill answers, listed in the ai-catalog.
  metadata: z.record(z.string(), z.string()).optional(),
});
