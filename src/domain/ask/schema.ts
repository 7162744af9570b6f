// The ask's input and output, written once: they validate the HTTP, MCP and A2A bindings' calls and
// give the MCP tool its schemas. The shapes are the protocol-free answer; NLWeb's wire shapes are
// made from it by the HTTP binding.
import * as z from 'zod';

/** How much the answer says: NLWeb's modes. No hosted model runs here, so every mode lists ranked content. */
export const generateModes = ['list', 'summarize', 'generate'] as const;

export const askInputSchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .describe('The question, in plain words: an industry, a company size or a service it names is a filter.'),
  site: z.string().trim().max(200).optional().describe('NLWeb site filter; this server answers for its own site only.'),
  generate_mode: z
    .enum(generateModes)
    .default('list')
    .describe('NLWeb mode; every mode lists ranked content from the site (no model writes prose).'),
});
export type AskInput = z.input<typeof askInputSchema>;

export const resultKinds = ['case-study', 'service', 'page', 'fit'] as const;

export const askResultSchema = z.object({
  kind: z.enum(resultKinds),
  name: z.string(),
  description: z.string(),
  /** The page the answer comes from (its HTML address) and its markdown twin. */
  url: z.string(),
  markdownUrl: z.string(),
  score: z.number(),
  /** schema.org type of the thing answered. */
  schemaType: z.enum(['Article', 'Service', 'WebPage', 'Answer']),
  /** What the content states about a case study: the figures the constraints were checked against. */
  facts: z
    .object({
      client: z.string(),
      industry: z.string().optional(),
      companySize: z.string().optional(),
      services: z.array(z.string()),
      headlineStat: z.string().optional(),
      publishedAt: z.string(),
    })
    .optional(),
});
export type AskResult = z.infer<typeof askResultSchema>;

/** A company size a question bounds: in currency units, or in employees when `unit` says so. */
export const sizeSchema = z.object({
  text: z.string().describe('The words that said it, e.g. "über 500 Mitarbeitende".'),
  min: z.number().optional(),
  max: z.number().optional(),
  unit: z.literal('employees').optional(),
});

export const askOutputSchema = z.object({
  query: z.string(),
  generateMode: z.enum(generateModes),
  fit: z.object({ inFit: z.boolean(), signal: z.string().optional(), message: z.string().optional() }),
  understood: z.object({
    industries: z.array(z.string()),
    services: z.array(z.object({ slug: z.string(), name: z.string() })),
    size: sizeSchema.optional(),
    caseStudiesOnly: z.boolean(),
    terms: z.array(z.string()),
  }),
  message: z.string(),
  /** Every case study that meets the constraints (and the words, when any are left), before the limit. */
  total: z.number(),
  results: z.array(askResultSchema),
  /** How to act on the answer: the enquiry the agency takes. */
  enquiry: z.object({ url: z.string(), api: z.string(), method: z.literal('POST') }),
});
export type AskAnswer = z.infer<typeof askOutputSchema>;
