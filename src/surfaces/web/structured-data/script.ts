// Serialises a page's schema.org graph into the one <script type="application/ld+json"> element of
// the layout. It is data, not script: CSP script-src does not apply to it and nothing executes it.
import type { Graph, Thing } from 'schema-dts';
import { html, trustedHtml, type Html } from '../../../kernel/html-template.ts';

export type JsonLdGraph = Graph;

/** One graph of typed nodes under the schema.org context. */
export function graphOf(nodes: readonly Thing[]): JsonLdGraph {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/**
 * The script element. `<` is written as \u003c so no text from the content (a name, a query) can
 * close the element or open a comment; the JSON means the same to every parser.
 */
export function jsonLdScript(graph: JsonLdGraph): Html {
  // Trusted: JSON with every `<` written as \u003c cannot end the script element.
  const json = trustedHtml(JSON.stringify(graph).replace(/</g, '\\u003c'));
  return html`<script type="application/ld+json">${json}</script>`;
}
