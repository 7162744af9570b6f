// How the auditor names itself to the sites and agents it talks to.
import pkg from '../../package.json' with { type: 'json' };

export const auditorInfo = { name: 'agentsite-audit', version: pkg.version };

/** The User-Agent of every audit request: the auditor and where it is explained. */
export function auditorUserAgent(explainedAt?: string): string {
  return `agentsite-audit/${pkg.version} (agent-readiness audit${explainedAt ? `; +${explainedAt}` : ''})`;
}
