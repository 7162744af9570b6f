// The architecture in words, checked by `npm run lint`: thin adapters (REST and the site, MCP, A2A,
// the dashboard, the CLI) bind one catalogue of capabilities over one domain core over storage and delivery. Each rule names a
// direction an import may not take; type-only imports count, since a shared type gets its own module.
const adapters = '^src/(http|mcp|a2a|dashboard|cli)/';
const compositionRoot = '^src/(app|main|services|worker)[.]ts$';
/** The REST API, the pages, the form, the discovery documents and the OpenAPI contracts. */
const restAndSite = '^src/http/(agent|site|form|discovery|openapi)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-adapter',
      comment: 'The domain and the store know no protocol: adapters call them, never the other way round.',
      severity: 'error',
      from: { path: '^src/(domain|store|delivery)/' },
      to: { path: adapters },
    },
    {
      name: 'core-imports-no-metrics-or-root',
      comment:
        'The domain and the store report through what they are handed, not by reaching for metrics or the composition root.',
      severity: 'error',
      from: { path: '^src/(domain|store)/' },
      to: { path: [`^src/metrics/`, compositionRoot] },
    },
    {
      name: 'store-imports-no-domain',
      comment: 'Storage holds rows; the domain gives them meaning. Row types live in the store.',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/domain/' },
    },
    {
      name: 'capabilities-import-no-adapter',
      comment:
        'A capability is declared once for every protocol: it knows no binding, no listener plumbing, no metrics and no composition root.',
      severity: 'error',
      from: { path: '^src/capabilities/' },
      to: { path: [adapters, '^src/(listener|metrics)/', compositionRoot] },
    },
    {
      name: 'core-imports-no-capability',
      comment: 'The domain and the store are protocol-free and know nothing of what is offered on top of them.',
      severity: 'error',
      from: { path: '^src/(domain|store|delivery)/' },
      to: { path: '^src/capabilities/' },
    },
    {
      name: 'html-helpers-import-nothing-of-ours',
      comment:
        'The HTML template tag is shared by everything that writes pages (the site, the dashboard), so it imports none of them.',
      severity: 'error',
      from: { path: '^src/html/' },
      to: { path: '^src/', pathNot: '^src/html/' },
    },
    {
      name: 'listener-plumbing-imports-no-binding',
      comment:
        'What every listener shares (the client-address rule, request bounds) imports no binding, so each binding can use it.',
      severity: 'error',
      from: { path: '^src/listener/' },
      to: { path: [adapters, '^src/capabilities/'] },
    },
    {
      name: 'documents-import-no-binding',
      comment:
        'The standard documents (agent card, MCP server card) are read from the catalogue; the bindings that serve them import them, never the other way round.',
      severity: 'error',
      from: { path: '^src/documents/' },
      to: { path: [adapters, '^src/(listener|metrics)/', compositionRoot] },
    },
    {
      name: 'mcp-imports-no-other-adapter',
      comment: 'MCP is a binding of the domain, not of the REST API or another binding.',
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: '^src/(http|a2a|dashboard|cli)/' },
    },
    {
      name: 'http-imports-no-other-adapter',
      comment: 'REST, the pages and the documents are bindings of the domain, not of MCP or A2A.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: '^src/(mcp|a2a|dashboard|cli)/' },
    },
    {
      name: 'a2a-and-dashboard-import-no-binding',
      comment:
        'A2A and the dashboard use the shared listener plumbing (src/listener) only, never MCP, the CLI or the REST and site code.',
      severity: 'error',
      from: { path: '^src/(a2a|dashboard)/' },
      to: { path: ['^src/(mcp|cli)/', restAndSite] },
    },
    {
      name: 'a2a-imports-nothing-of-http',
      comment:
        'A2A is mounted on the site listener by the composition root; what it shares with the REST API lives in src/listener.',
      severity: 'error',
      from: { path: '^src/a2a/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'metrics-imports-no-adapter',
      comment: 'Bindings report to metrics; metrics knows none of them.',
      severity: 'error',
      from: { path: '^src/metrics/' },
      to: { path: adapters },
    },
    {
      name: 'no-circular',
      comment: 'An import circle makes the start-up order an accident; type-only circles included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    // Type-only imports are seen too (they are erased before the code runs).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
