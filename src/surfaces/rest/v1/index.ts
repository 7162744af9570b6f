// Version 1 of the REST API: its operations and its deprecation switch (API_V1_SUNSET).
// Frozen once v2 ships; a v2 is a sibling module, not an edit here.
import type { ApiVersion } from '../operation.ts';
import { auditSite } from './audits.ts';
import { listCaseStudies } from './case-studies.ts';
import { submitEnquiry } from './contact.ts';
import { getHealth } from './health.ts';
import { registerIdentity } from './identity.ts';

export const v1: ApiVersion = {
  version: '1',
  operations: [getHealth, submitEnquiry, listCaseStudies, registerIdentity, auditSite],
  sunset: (config) => config.apiV1Sunset,
};
