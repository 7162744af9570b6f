// WebMCP's declarative form tools: the attributes that turn a plain HTML form into a tool a browser
// agent can call (toolname, tooldescription, toolparamdescription), with no JavaScript on the page.
// A form tool is a binding of the capability the form performs: its name, description, parameter
// descriptions and whether it may submit itself are read from the catalogue, adapted only where the
// form differs. The browser builds the tool's input schema from the form's controls.
import type { Capability } from '../../capabilities/capability.ts';
import type { Catalog } from '../../capabilities/catalog.ts';
import type { CapabilityKey } from '../../capabilities/names.ts';
import type { SiteConfig } from '../../domain/content/types.ts';
import { html, type Html } from '../../kernel/html-template.ts';

export interface FormTool {
  name: string;
  description: string;
  /** Lets the agent submit without the person checking the form first (safe, read-only actions only). */
  autoSubmit: boolean;
}

/** What a form reads its tool from: the served catalogue, and the site's tool prefix. */
export interface FormToolDeps {
  catalog: Pick<Catalog, 'byKey'>;
  content: { site: Pick<SiteConfig, 'toolPrefix'> };
}

/** How one form performs one capability. */
interface FormBinding {
  performs: CapabilityKey;
  /** The tool's own name when the form performs only part of the capability. */
  part?: string;
  /** The tool description: the capability's own words, adapted to what the form does differently. */
  describe(capability: Capability): string;
}

/** A form tool bound to its capability: the form's attributes and each control's parameter description. */
export interface BoundFormTool {
  tool: FormTool;
  /** The attributes that declare the form as a WebMCP tool. */
  attributes: Html;
  /** The `toolparamdescription` attribute of the control that fills `input`, from the capability's input schema. */
  param(input: string): Html;
}

/** The contact form: the person checks what the agent filled in and sends it themselves. */
const enquiryForm: FormBinding = {
  performs: 'sendEnquiry',
  describe: (capability) =>
    `${whatItDoes(capability.description)} On this form the person checks what the agent filled in and sends it themselves; the reply comes by e-mail.`,
};

/** The audit form (POST /audit): it reaches another site and keeps a report, so the person sends it. */
const auditForm: FormBinding = {
  performs: 'auditSite',
  describe: (capability) =>
    `${whatItDoes(capability.description)} The person sends the form; it opens the report with a level 0-5, a score and a fix for every failing check.`,
};

/**
 * The site search (GET /search) performs the site index's keyword search alone, so it has a name and
 * a description of its own; the index's description is about listing every page.
 */
const searchForm: FormBinding = {
  performs: 'getSiteIndex',
  part: 'search_site',
  describe: () =>
    'Search every page and case study of this site by keywords; opens a results page listing the best matches with links.',
};

export const enquiryFormTool = (deps: FormToolDeps): BoundFormTool => bind(deps, enquiryForm);
export const auditFormTool = (deps: FormToolDeps): BoundFormTool => bind(deps, auditForm);
export const searchFormTool = (deps: FormToolDeps): BoundFormTool => bind(deps, searchForm);

function bind({ catalog, content }: FormToolDeps, binding: FormBinding): BoundFormTool {
  const capability = catalog.byKey[binding.performs];
  const prefix = `${content.site.toolPrefix}_`;
  const tool: FormTool = {
    name: binding.part ?? (capability.name.startsWith(prefix) ? capability.name.slice(prefix.length) : capability.name),
    description: binding.describe(capability),
    // Only a call that changes nothing may go without the person's check.
    autoSubmit: capability.hints.readOnly,
  };
  return {
    tool,
    attributes: formToolAttributes(tool),
    param: (input) => paramAttribute(inputDescription(capability, input)),
  };
}

/**
 * What a capability does, in its description's own words: the first sentence, up to a colon that
 * opens a list (its options and limits are the form's controls, which the browser describes itself).
 */
function whatItDoes(description: string): string {
  const sentence = /^.+?[.!?](?=\s|$)/s.exec(description)?.[0] ?? description;
  const colon = sentence.indexOf(':');
  return colon === -1 ? sentence : `${sentence.slice(0, colon)}.`;
}

/** An input's own description (`.describe()` in the capability's schema), or its name when it has none. */
function inputDescription(capability: Capability, input: string): string {
  const field = (capability.input.shape as Record<string, { description?: string } | undefined>)[input];
  return field?.description ?? input;
}

/** The case-study filter (GET /case-studies): read-only, so the agent may submit it on its own. */
export const caseStudyFilterTool: FormTool = {
  name: 'filter_case_studies',
  description:
    'List the case studies of one industry and/or one service; opens the filtered case-study index with the count of matches and links to each study.',
  autoSubmit: true,
};

/**
 * The filter form's own parameters: its controls offer the index's facets (an industry and a service
 * by slug), which the case-study search capability does not take as such.
 */
export const filterDescriptions = {
  industry: 'Industry of the clients to show (leave empty for all industries).',
  service: 'Service the case studies must have used (leave empty for all services).',
} as const;

/** The attributes that declare a form as a WebMCP tool. */
export function formToolAttributes(tool: FormTool): Html {
  return html` toolname="${tool.name}" tooldescription="${tool.description}"${tool.autoSubmit ? ' toolautosubmit' : ''}`;
}

export function paramAttribute(description: string): Html {
  return html` toolparamdescription="${description}"`;
}
