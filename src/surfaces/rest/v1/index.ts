// Version 1 of the REST API: its operations (its own, and the capabilities it serves by their
// routes: POST /contact, GET /case-studies and POST /audits) and its deprecation switch (API_V1_SUNSET).
// Frozen once v2 ships; a v2 is a sibling module, not an edit here.
import type { ApiVersion } from '../operation.ts';
import { getHealth } from './health.ts';
import { registerIdentity } from './identity.ts';

export const v1: ApiVersion = {
  version: '1',
  operations: [
    getHealth,
    { capability: 'sendEnquiry' },
    { capability: 'listCaseStudies' },
    registerIdentity,
    { capability: 'auditSite' },
  ],
  sunset: (config) => config.apiV1Sunset,
};
