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
}
