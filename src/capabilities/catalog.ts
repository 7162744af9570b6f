// The ordered catalogue of everything the agency offers agents: MCP lists its tools in this order,
// A2A its skills, and the discovery documents their entries. A capability added here (one line: its
// key and its module) is served by every binding with no other edit; its key names it everywhere.
import { askCapability } from './ask.ts';
import { siteIdentifier } from '../domain/language/identifier.ts';
import { assessmentRequestCapability } from './assessment-request.ts';
import { auditSiteCapability } from './audit-site.ts';
import type { Capability } from './capability.ts';
import { caseStudyIndexCapability } from './case-study-index.ts';
import { caseStudySearchCapability } from './case-study-search.ts';
import { contactCapability } from './contact.ts';
import type { CatalogDeps } from './deps.ts';
import { enquiryCapability } from './enquiry.ts';
import { prefixedName, type CapabilityKey, type CapabilityNames, type NamingSite } from './names.ts';
import { pageCapability } from './page.ts';
import { proofPointsCapability } from './proof-points.ts';
import { serviceMatchCapability } from './service-match.ts';
import { siteIndexCapability } from './site-index.ts';
import { valuePropositionCapability } from './value-proposition.ts';
import { whyCapability } from './why.ts';

type Build = (deps: CatalogDeps, names: CapabilityNames) => Capability;

/** The agency's capabilities by key, in catalogue order. */
const catalogue = {
  getSiteIndex: siteIndexCapability,
  getPage: pageCapability,
  searchCaseStudies: caseStudySearchCapability,
  getContact: contactCapability,
  matchServices: serviceMatchCapability,
  getProofPoints: proofPointsCapability,
  why: whyCapability,
  getValueProposition: valuePropositionCapability,
  sendEnquiry: enquiryCapability,
  requestAssessment: assessmentRequestCapability,
  auditSite: auditSiteCapability,
  ask: askCapability,
  listCaseStudies: caseStudyIndexCapability,
};

declare module './names.ts' {
  interface CapabilityKeys extends Record<keyof typeof catalogue, true> {}
}

/** Names that are not the key under the tool prefix. */
const ownNames: Partial<Record<CapabilityKey, (site: NamingSite) => string>> = {
  why: (site) => `${site.toolPrefix}_why_${siteIdentifier(site, '_')}`,
  // NLWeb's name, the one its clients call: not under the prefix.
  ask: () => 'ask',
};

const builders: Readonly<Record<CapabilityKey, Build>> = catalogue;
const entries = Object.entries(builders) as [CapabilityKey, Build][];

/** Every capability's full name, e.g. `capabilityNames(site).getPage === 'service_get_page'`. */
export function capabilityNames(site: NamingSite): CapabilityNames {
  return Object.fromEntries(entries.map(([key]) => [key, ownNames[key]?.(site) ?? prefixedName(site, key)])) as Record<
    CapabilityKey,
    string
  >;
}

/** The catalogue a listener serves: the capabilities in order, and each of the agency's by key. */
export interface Catalog {
  capabilities: readonly Capability[];
  /** The agency's own capabilities by key, for wording that names one ("start with …"). */
  byKey: Readonly<Record<CapabilityKey, Capability>>;
}

/**
 * The agency's capabilities in catalogue order; `extra` (tests, later additions) follow them, but one
 * with an own capability's key takes its place (a test rewording a capability every binding reads).
 */
export function capabilityCatalog(deps: CatalogDeps, extra: readonly Capability[] = []): Catalog {
  const replacing = new Map(extra.map((capability) => [capability.key, capability]));
  const names = capabilityNames(deps.content.site);
  const own = entries.map(([key, build]) => {
    const capability = build(deps, names);
    if (capability.key !== key) throw new Error(`the catalogue lists ${capability.key} as ${key}`);
    return replacing.get(key) ?? capability;
  });
  const byKey = Object.fromEntries(own.map((capability) => [capability.key, capability])) as Record<
    CapabilityKey,
    Capability
  >;
  return { capabilities: [...own, ...extra.filter((capability) => !own.includes(capability))], byKey };
}
