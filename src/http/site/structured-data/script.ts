// Serialises a page's schema.org graph into the one <script type="application/ld+json"> element of
// the layout. It is data, not script: CSP script-src does not apply to it and nothing executes it.
import type { Graph, Thing } from 'schema-dts';

export type JsonLdGraph = Graph;

/** One graph of typed nodes under the schema.org context. */
export function graphOf(nodes: readonly Thing[]): JsonLdGraph {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/**
 * The script element. `<` is written as \u003c so no text from the content (a name, a query) can
 * close the element or open a comment; the JSON means the same to every parser.
 */
export function jsonLdScript(graph: JsonLdGraph): string {
  return `<script type="application/ld+json">${JSON.stringify(graph).replace(/</g, '\\u003c')}</script>`;
}
