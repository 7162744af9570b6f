// The ordered catalogue of everything the agency offers agents: MCP lists its tools in this order,
// A2A its skills, and the discovery documents their entries. A capability added here is served by
// every binding with no other edit.
import { askCapability } from './ask.ts';
import { assessmentRequestCapability } from './assessment-request.ts';
import { auditSiteCapability } from './audit-site.ts';
import type { Capability } from './capability.ts';
import { caseStudySearchCapability } from './case-study-search.ts';
import { contactCapability } from './contact.ts';
import type { CatalogDeps } from './deps.ts';
import { enquiryCapability } from './enquiry.ts';
import { capabilityNames, type CapabilityKey } from './names.ts';
import { pageCapability } from './page.ts';
import { proofPointsCapability } from './proof-points.ts';
import { serviceMatchCapability } from './service-match.ts';
import { siteIndexCapability } from './site-index.ts';
import { valuePropositionCapability } from './value-proposition.ts';
import { whyCapability } from './why.ts';

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
  const own = [
    siteIndexCapability,
    pageCapability,
    caseStudySearchCapability,
    contactCapability,
    serviceMatchCapability,
    proofPointsCapability,
    whyCapability,
    valuePropositionCapability,
    enquiryCapability,
    assessmentRequestCapability,
    auditSiteCapability,
    askCapability,
  ].map((build) => {
    const capability = build(deps, names);
    return replacing.get(capability.key) ?? capability;
  });
  const byKey = Object.fromEntries(own.map((capability) => [capability.key, capability])) as Record<
    CapabilityKey,
    Capability
  >;
  return { capabilities: [...own, ...extra.filter((capability) => !own.includes(capability))], byKey };
}
