// The content model: what the agency edits as plain files under CONTENT_DIR (see content/README.md),
// after the loader has validated it. Everything that serves content reads these types.
import type { EnquiryTopic } from '../enquiries/schema.ts';

/** A link of the navigation or footer, resolved. */
export interface SiteLink {
  href: string;
  label: string;
}

/** Where the site's own kinds of page live, each its page's `path`. */
export interface SitePaths {
  /** The services overview (pages/services.md). */
  services: string;
  /** The case-study listing (pages/case-studies.md); every case study is served beneath it. */
  caseStudies: string;
  about: string;
  /** The contact page with its form (pages/contact.md): the address every contact link and tool gives. */
  contact: string;
}

export interface SiteConfig {
  /** Brand name shown everywhere, e.g. "Acme". */
  brandName: string;
  /** The language of the content and the site's words (BCP 47, e.g. "en", "de"): the default one. */
  language: string;
  /** Every language of the site, the default first (one for a site without translations). */
  languages: string[];
  /** The agency's identifier in names and URNs, when site.yaml sets it (else made from the brand name). */
  identifier?: string;
  /** The main navigation's links and the footer's, in order. */
  navigation: SiteLink[];
  footer: SiteLink[];
  /** Where the overview, the case-study listing, about and contact pages live (their pages' paths). */
  paths: SitePaths;
  /** The home page of the pages shown in this language: "/", or a translated home ("/en"). */
  homePath: string;
  /** Each other language's home, navigation and footer (site.yaml `translations`, else the default's links). */
  translations: Record<string, { homePath: string; paths: SitePaths; navigation: SiteLink[]; footer: SiteLink[] }>;
  /** MCP tool-name prefix, e.g. "service" gives `service_get_page`. */
  toolPrefix: string;
  tagline: string;
  /** One-paragraph statement of who the agency serves and who it does not (the fit); absent while a gap. */
  fit?: string;
  /** True for the shipped fictional demo content. */
  sample: boolean;
  /** Countries or regions the agency works in (schema.org areaServed); may be empty. */
  areaServed: string[];
  /** What the agency does in a few words ("retail growth consulting"): the footer line; none when undeclared. */
  speciality?: string;
  /** The agency as a noun phrase ("a retail growth consultancy") for API descriptions; default the brand name. */
  describedAs: string;
  /** The brand colour (#rrggbb) of buttons, links and the default logo. */
  brandColour: string;
  /**
   * The home page hero's wording; `note` has "{caseStudies}" replaced by the number of case studies;
   * `intro` shows home.md's text before its first section under the hero.
   */
  hero: { eyebrow?: string; note: string; resultsNote: string; intro: boolean };
  /** The offer every call to action leads to, when the agency has one. */
  offer?: Offer;
  /** Which phrases put a request outside the fit (see src/domain/agency/fit.ts). */
  fitRule: FitRule;
  /** Examples agents see in tool and skill descriptions. */
  examples: AgentExamples;
  /** Searches the MCP server and the A2A agent answer, for the ai-catalog. */
  representativeQueries: { mcp: string[]; a2a: string[] };
}

/** The agency's one primary offer (e.g. an assessment), with its page and the wording of its calls. */
export interface Offer {
  /** Slug of its page in pages/, e.g. "pipeline-readiness-assessment". */
  page: string;
  /** URL path of that page. */
  path: string;
  name: string;
  /** Primary button everywhere, e.g. "Book a Growth Review". */
  button: string;
  /** The navigation's highlighted link. */
  navLabel: string;
  /** Title of the closing call to action of content pages. */
  closingTitle: string;
  /** Title and button of the offer page's own closing call, which leads to the contact form. */
  bookTitle: string;
  bookButton: string;
}

/** Phrases (case-insensitive, whole words, a trailing "s" allowed) that decide the fit. */
export interface FitRule {
  /** Any of these puts a request outside the fit. */
  outside: string[];
  /** These put it outside unless it also mentions one of `inside`. */
  usuallyOutside: string[];
  inside: string[];
}

export interface AgentExamples {
  /** A challenge the agency takes on, e.g. "Our pipeline stalled after our Series B". */
  challenge: string;
  /** A case-study search, e.g. "cybersecurity pipeline". */
  search: string;
  /** A prospect described in a few words, for the value-proposition tool. */
  prospect: string;
  /** What the example enquiry is about, e.g. "account-based marketing". */
  enquiryAbout: string;
  /** A page slug for the get-page example, e.g. "services/demand-generation". */
  pageSlug: string;
  /** Up to two topics of the reasons, for the why-tool's example, e.g. ["results", "expertise"]. */
  reasonTopics: string[];
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
  /** A page in another of the site's languages than its default (front matter `language`). */
  language?: string;
  /** Slug of the default-language page (or case study page) this one translates. */
  translationOf?: string;
  /** The home page's headings that the designed bands stand for (front matter `homeSections`). */
  homeSections?: { services?: string; results?: string; notFor?: string };
}

export interface CaseStudy {
  slug: string;
  /** URL path of its page: beneath the case-study listing's, e.g. "/case-studies/acme", "/projekte/acme". */
  path: string;
  /** The (fictional) client's name. */
  client: string;
  /** The headline result; absent while a gap (see gaps.ts), like `industry`. */
  headlineStat?: string;
  industry?: string;
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
  /** The paths of its translations' pages, by language (case-studies/<language>/<slug>.md). */
  translations?: Record<string, string>;
  /** Its page's slug when not "case-studies/<slug>": a translation's, "case-studies/en/<slug>". */
  pageSlug?: string;
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
  /** URL path of that page, e.g. "/services/seo", "/leistungen/seo" (its front matter `path`). */
  path: string;
  /** The paths of its pages in the site's other languages, by language (the pages translating its page). */
  translations?: Record<string, string>;
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
  /** Absent while a gap, like `responseTime`. */
  email?: string;
  phone?: string;
  address?: { street: string; city: string; postcode?: string; country: string };
  hours?: string;
  responseTime?: string;
  bookingNote?: string;
  social: { label: string; url: string }[];
  /** Enquiry topics offered (id and label), "general" first. */
  topics: { id: EnquiryTopic; label: string }[];
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
