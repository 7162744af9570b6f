// Every capability's public name under the site's tool prefix, known before the capabilities are
// built: descriptions name each other ("get slugs from service_get_site_index").
import type { SiteConfig } from '../domain/content/types.ts';

export type CapabilityKey =
  | 'getSiteIndex'
  | 'getPage'
  | 'searchCaseStudies'
  | 'getContact'
  | 'matchServices'
  | 'getProofPoints'
  | 'why'
  | 'getValueProposition'
  | 'sendEnquiry'
  | 'requestAssessment'
  | 'auditSite'
  | 'ask';

export type CapabilityNames = Record<CapabilityKey, string>;

/** Every capability's full name, e.g. `capabilityNames(site).getPage === 'service_get_page'`. */
export function capabilityNames(site: Pick<SiteConfig, 'brandName' | 'toolPrefix'>): CapabilityNames {
  const p = site.toolPrefix;
  return {
    getSiteIndex: `${p}_get_site_index`,
    getPage: `${p}_get_page`,
    searchCaseStudies: `${p}_search_case_studies`,
    getContact: `${p}_get_contact`,
    matchServices: `${p}_match_services`,
    getProofPoints: `${p}_get_proof_points`,
    why: `${p}_why_${site.brandName.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`,
    getValueProposition: `${p}_get_value_proposition`,
    sendEnquiry: `${p}_send_enquiry`,
    requestAssessment: `${p}_request_assessment`,
    auditSite: `${p}_audit_site`,
    // NLWeb's name, the one its clients call: not under the prefix.
    ask: 'ask',
  };
}
