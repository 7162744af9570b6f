// The architecture in words, checked by `npm run lint`: thin surfaces (REST, MCP, A2A, NLWeb, web
// pages, documents) over one catalogue of capabilities and its call pipeline, over one domain core,
// over storage and delivery. Each rule names a direction an import may not take; type-only imports
// count, since a shared type gets its own module.
const surfaces = '^src/surfaces/';
const operations = '^src/ops/';
const compositionRoot = ['^src/app/', '^src/(main|worker|content-check)[.]ts$'];
/** What knows no protocol: the agency core, the audit, storage, delivery and the kernel under them. */
const core = '^src/(domain|audit|store|delivery|kernel|cache|config)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'surfaces-import-no-other-surface',
      comment: 'Each surface translates one protocol to the capabilities; none builds on another.',
      severity: 'error',
      from: { path: '^src/surfaces/([^/]+)/' },
      to: { path: surfaces, pathNot: '^src/surfaces/$1/' },
    },
    {
      name: 'core-imports-no-surface-or-capability',
      comment:
        'The core knows no protocol and nothing of what is offered on top of it: surfaces call it, never the other way round.',
      severity: 'error',
      from: { path: core },
      to: { path: [surfaces, '^src/(capabilities|http)/', operations] },
    },
    {
      name: 'store-imports-no-domain',
      comment: 'Storage holds rows; the domain gives them meaning. Row types live in the store.',
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: '^src/(domain|audit|delivery)/' },
    },
    {
      name: 'kernel-imports-nothing-of-ours',
      comment: 'Errors, logging, text and the HTML template tag are shared by every layer, so they import none.',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { path: '^src/', pathNot: '^src/kernel/' },
    },
    {
      name: 'capabilities-import-no-surface',
      comment:
        'A capability is declared once for every protocol: it knows no surface, no listener plumbing, no operations tool and no composition root.',
      severity: 'error',
      from: { path: '^src/capabilities/' },
      to: { path: [surfaces, '^src/http/', operations] },
    },
    {
      name: 'listener-plumbing-imports-no-surface',
      comment:
        'What every listener shares (the client-address rule, request bounds, rate-limit hooks) imports no surface.',
      severity: 'error',
      from: { path: '^src/http/' },
      to: { path: [surfaces, operations] },
    },
    {
      name: 'operations-import-no-surface',
      comment:
        'Metrics, the dashboard and the CLI read the core and the store; surfaces report to metrics, not the reverse.',
      severity: 'error',
      from: { path: operations },
      to: { path: surfaces },
    },
    {
      name: 'only-entry-points-run-the-composition-root',
      comment:
        'The composition root builds and starts everything; the rest is handed what it needs. The Services type is that hand-over, so type-only imports of it are fine.',
      severity: 'error',
      from: { pathNot: compositionRoot },
      to: { path: compositionRoot, dependencyTypesNot: ['type-only'] },
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
