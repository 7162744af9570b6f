// The content model: what the agency edits as plain files under CONTENT_DIR (see content/README.md),
// after the loader has validated it. Everything that serves content reads these types.

export interface SiteConfig {
  /** Brand name shown everywhere, e.g. "Verto". */
  brandName: string;
  /** MCP tool-name prefix, e.g. "service" gives `service_get_page`. */
  toolPrefix: string;
  tagline: string;
  /** One-paragraph statement of who the agency serves and who it does not (the fit). */
  fit: string;
  /** True for the shipped fictional demo content. */
  sample: boolean;
  /** Countries or regions the agency works in (schema.org areaServed); may be empty. */
  areaServed: string[];
}

export interface Page {
  /** Slug as used by get_page and /markdown/{slug}.md, e.g. "home", "services/demand-generation". */
  slug: string;
  /** URL path of the HTML page, e.g. "/", "/services/demand-generation". */
  path: string;
  title: string;
  description: string;
  /** Site-index section, e.g. "company", "services", "case-studies", "resources". */
  section: string;
  /** Markdown body. */
  body: string;
  /** Ordering inside its section (lower first). */
  order?: number;
  /** Set on the page generated for a case study. */
  caseStudySlug?: string;
}

export interface CaseStudy {
  slug: string;
  /** The (fictional) client's name. */
  client: string;
  headlineStat: string;
  industry: string;
  /** Slugs of the services used. */
  services: string[];
  summary: string;
  /** ISO date (YYYY-MM-DD); the index orders newest first, then by slug. */
  publishedAt: string;
  /** One of the flagship proof points. */
  flagship: boolean;
  /** Structured results, e.g. { label: "Pipeline growth", value: "3.2x" }. */
  stats: { label: string; value: string }[];
  /** Markdown body (challenge, approach, results). */
  body: string;
  /** e.g. "42M ARR". */
  companySize?: string;
}

/** A site-index section, in display order. */
export interface SiteSection {
  id: string;
  title: string;
  description: string;
}

export interface Service {
  slug: string;
  name: string;
  summary: string;
  /** Problems and phrases that should match this service. */
  keywords: string[];
  deliverables: string[];
  /** Slug of the service's page, "services/<slug>". */
  pageSlug: string;
}

/** A reason clients choose the agency; `topic` feeds the why-tool filter. */
export interface Reason {
  id: string;
  topic: string;
  title: string;
  body: string;
}

export interface ProofPoint {
  caseStudy: CaseStudy;
  claim: string;
}

export interface ContactDetails {
  email: string;
  phone?: string;
  address?: { street: string; city: string; postcode?: string; country: string };
  hours?: string;
  responseTime: string;
  bookingNote?: string;
  social: { label: string; url: string }[];
}

/** A published SKILL.md for agents (agent-skills discovery); `text` has placeholders filled in. */
export interface SkillFile {
  name: string;
  description: string;
  /** Raw template text as stored in content/skills/<name>/SKILL.md. */
  template: string;
  /** Searches the skill answers (front matter metadata "representative-queries"), for the ai-catalog; may be empty. */
  representativeQueries: string[];
}
