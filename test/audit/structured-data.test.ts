// Every HTML page's JSON-LD, expanded and flattened with the jsonld library as a consumer reads it
// (offline: https://schema.org is served from a local copy of its vocabulary mapping): the types each
// page must describe, and every node reference resolving to a node some page defines.
import { strict as assert } from 'node:assert';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import jsonld, { type JsonLdDocument, type Options } from 'jsonld';
import { renderContactResult } from '../../src/surfaces/web/index.ts';
import { buildSiteApp, type SiteApp } from '../site/site-app.ts';

const S = 'http://schema.org/';
const schemaContext = JSON.parse(
  fs.readFileSync(new URL('./fixtures/schema-org-context.jsonld', import.meta.url), 'utf8'),
);
const documentLoader: NonNullable<Options.Common['documentLoader']> = async (url) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`no network in tests: ${url}`);
  return { documentUrl: url, document: schemaContext };
};

type Node = Record<string, unknown> & { '@id': string; '@type'?: string[] };
const values = (node: Node | undefined, property: string): { '@id'?: string; '@value'?: unknown }[] =>
  (node?.[`${S}${property}`] as { '@id'?: string; '@value'?: unknown }[] | undefined) ?? [];
const value = (node: Node | undefined, property: string): unknown => values(node, property)[0]?.['@value'];
const refs = (node: Node | undefined, property: string): string[] =>
  values(node, property).flatMap((v) => (v['@id'] ? [v['@id']] : []));

/** The one JSON-LD block of a page, checked for escaping, then flattened into its nodes. */
async function graphOf(html: string): Promise<Map<string, Node>> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  assert.equal(blocks.length, 1, 'one JSON-LD block');
  const text = blocks[0]![1]!;
  assert.doesNotMatch(text, /</, 'no raw < inside the script element');
  const expanded = await jsonld.expand(JSON.parse(text) as JsonLdDocument, { documentLoader });
  const flat = (await jsonld.flatten(expanded, undefined, { documentLoader })) as unknown as Node[];
  return new Map(flat.map((node) => [node['@id'], node]));
}

const ofType = (graph: Map<string, Node>, type: string): Node[] =>
  [...graph.values()].filter((node) => node['@type']?.includes(`${S}${type}`));

describe('schema.org JSON-LD on every HTML page', () => {
  let site: SiteApp;
  const graphs = new Map<string, Map<string, Node>>();
  const base = 'https://verto.example';
  before(async () => {
    site = await buildSiteApp();
    const paths = [...site.content.pages.map((page) => page.path), '/developers', '/search?q=fleet', '/no-such-page'];
    for (const path of paths) graphs.set(path, await graphOf((await site.app.inject({ url: path })).body));
    graphs.set(
      'contact result',
      await graphOf(renderContactResult(site, { kind: 'accepted', reference: 'enq_0123456789abcdef' })),
    );
  });
  after(async () => {
    await site?.app.close();
  });

  it('describes the agency and the website, with its search action, on every page', () => {
    for (const [path, graph] of graphs) {
      if (path === 'contact result') continue;
      const [agency] = ofType(graph, 'ProfessionalService');
      assert.equal(agency?.['@id'], `${base}/#organization`, path);
      assert.equal(value(agency, 'name'), 'Verto');
      const contactPoint = graph.get(refs(agency, 'contactPoint')[0]!);
      assert.ok(contactPoint?.['@type']?.includes(`${S}ContactPoint`), path);
      assert.equal(value(contactPoint, 'email'), site.content.contact.email);
      assert.deepEqual(
        values(agency, 'areaServed').map((v) => v['@value']),
        site.content.site.areaServed,
      );
      const knows = values(agency, 'knowsAbout').map((v) => v['@value']);
      for (const service of site.content.services)
        assert.ok(knows.includes(service.name), `${path} knowsAbout ${service.name}`);
      const [website] = ofType(graph, 'WebSite');
      assert.deepEqual(refs(website, 'publisher'), [agency!['@id']]);
      const action = graph.get(refs(website, 'potentialAction')[0]!);
      assert.ok(action?.['@type']?.includes(`${S}SearchAction`), path);
      assert.equal(
        value(graph.get(refs(action, 'target')[0]!), 'urlTemplate'),
        `${base}/search?q={search_term_string}`,
      );
    }
  });

  it('describes each page with a breadcrumb trail from the home page to itself', () => {
    for (const page of [...site.content.pages, { path: '/developers' }]) {
      const graph = graphs.get(page.path)!;
      const url = `${base}${page.path}`;
      const webpage = graph.get(`${url}#webpage`);
      assert.ok(webpage, page.path);
      assert.equal(value(webpage, 'url'), url);
      const trail = graph.get(refs(webpage, 'breadcrumb')[0]!);
      assert.ok(trail?.['@type']?.includes(`${S}BreadcrumbList`), page.path);
      const items = refs(trail, 'itemListElement')
        .map((id) => graph.get(id)!)
        .sort((a, b) => Number(value(a, 'position')) - Number(value(b, 'position')));
      assert.equal(value(items[0], 'item'), `${base}/`, page.path);
      assert.equal(value(items.at(-1), 'item'), url, page.path);
    }
  });

  it('describes each service as a Service the agency provides, linked to the case studies that prove it', () => {
    for (const service of site.content.services) {
      const url = `${base}/${service.pageSlug}`;
      const node = graphs.get(`/${service.pageSlug}`)!.get(`${url}#service`);
      assert.ok(node?.['@type']?.includes(`${S}Service`), service.slug);
      assert.equal(value(node, 'name'), service.name);
      assert.deepEqual(refs(node, 'provider'), [`${base}/#organization`]);
      const proofs = site.content.caseStudies.filter((cs) => cs.services.includes(service.slug));
      assert.deepEqual(
        refs(node, 'subjectOf').sort(),
        proofs.map((cs) => `${base}/case-studies/${cs.slug}#article`).sort(),
      );
    }
  });

  it('describes each case study as an Article about its client, with every figure', () => {
    for (const cs of site.content.caseStudies) {
      const url = `${base}/case-studies/${cs.slug}`;
      const graph = graphs.get(`/case-studies/${cs.slug}`)!;
      const article = graph.get(`${url}#article`);
      assert.ok(article?.['@type']?.includes(`${S}Article`), cs.slug);
      assert.equal(value(article, 'datePublished'), cs.publishedAt);
      const client = graph.get(refs(article, 'about')[0]!);
      assert.ok(client?.['@type']?.includes(`${S}Organization`));
      assert.equal(value(client, 'name'), cs.client);
      const figures = refs(article, 'mentions')
        .map((id) => graph.get(id))
        .filter((node) => node?.['@type']?.includes(`${S}Observation`));
      assert.deepEqual(
        figures.map((figure) => [value(figure, 'name'), value(figure, 'value')]),
        cs.stats.map((stat) => [stat.label, stat.value]),
      );
      for (const figure of figures) assert.deepEqual(refs(figure, 'observationAbout'), [client!['@id']]);
    }
  });

  it('gives the search results as an ItemList of links', () => {
    const graph = graphs.get('/search?q=fleet')!;
    const [results] = ofType(graph, 'ItemList');
    const urls = refs(results, 'itemListElement').map((id) => value(graph.get(id), 'url'));
    assert.ok(urls.includes(`${base}/case-studies/beacon-fleet`), JSON.stringify(urls));
    assert.ok(ofType(graph, 'SearchResultsPage').length === 1);
  });

  it('resolves every reference to a node that a page defines', () => {
    const defined = new Set(
      [...graphs.values()].flatMap((graph) =>
        [...graph.values()].filter((node) => Object.keys(node).some((key) => key !== '@id')).map((node) => node['@id']),
      ),
    );
    for (const [path, graph] of graphs) {
      for (const node of graph.values()) {
        for (const [key, list] of Object.entries(node)) {
          if (key.startsWith('@')) continue;
          for (const id of (list as { '@id'?: string }[]).flatMap((v) => (v['@id'] ? [v['@id']] : []))) {
            assert.ok(defined.has(id), `${path}: ${key} → ${id} is defined nowhere`);
          }
        }
      }
    }
  });

  it('keeps a query that tries to close the script element inside the JSON', async () => {
    const html = (
      await site.app.inject({ url: `/search?q=${encodeURIComponent('</script><script>alert(1)</script>')}` })
    ).body;
    const graph = await graphOf(html);
    const [results] = ofType(graph, 'ItemList');
    assert.equal(value(results, 'name'), 'Results for “</script><script>alert(1)</script>”');
  });
});
