// The checks an imported site passes once the product stands in front of it (front mode, docs/adopt.md),
// whatever the site itself serves: front mode answers these addresses itself (robots.txt with its AI
// rules and usage preference, markdown twins, llms.txt and llms-full.txt, /.well-known/*, the REST API,
// MCP and A2A) and adds the discovery Link headers to the site's pages. What stays the site's own
// (its sitemap, passed through as the origin serves it; its home page's markup, JSON-LD and forms;
// rules of its own robots.txt that shut crawlers out), needs a skill written by hand, or a signing key
// is not here. The OAuth metadata front mode serves says that nothing is protected and no token is
// issued, so those checks skip rather than pass. test/audit/report-front-mode.test.ts holds the list
// to what front mode does.
import type { CheckId } from './report.ts';

export const fixedByFrontMode: readonly CheckId[] = [
  'robots-txt',
  'robots-ai-rules',
  'content-signals',
  'link-headers',
  'markdown-negotiation',
  'llms-txt',
  'llms-full-txt',
  'api-catalog',
  'openapi',
  'mcp-server-card',
  'mcp-connect',
  'a2a-agent-card',
  'a2a-connect',
  'ard',
];
