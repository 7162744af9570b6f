// Which calls need an API key is read from the capabilities' declared authentication: llms.txt and
// the MCP server card say it in the same sentence, and follow the catalogue when it changes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Capability } from '../../src/capabilities/capability.ts';
import { credentialNote, keyedCapabilityNames } from '../../src/capabilities/credentials.ts';
import { loadConfig } from '../../src/config/config.ts';
import { buildServerCard } from '../../src/capabilities/documents/mcp-server-card.ts';
import { loadContent } from '../../src/domain/content/loader.ts';
import { llmsTxt } from '../../src/surfaces/web/llms.ts';
import { documentCatalog } from '../helpers/catalog.ts';

const config = loadConfig({ BASE_URL: 'https://agency.example', MCP_URL: 'https://mcp.agency.example/mcp' });
const content = await loadContent(config.contentDir);
const catalog = documentCatalog(config, content);
const assessment = catalog.byKey.requestAssessment;
const open = catalog.capabilities.filter((capability) => capability.authentication.scheme === 'none');
/** The site search taking a key as well: a second keyed capability. */
const keyedSearch: Capability = { ...catalog.byKey.getSiteIndex, authentication: assessment.authentication };

describe('the credential note', () => {
  it('names the one keyed capability of the demo catalogue, in llms.txt and the server card alike', () => {
    assert.deepEqual(keyedCapabilityNames(catalog.capabilities), [assessment.name]);
    const note = credentialNote(catalog.capabilities);
    assert.equal(
      note,
      `No credential is needed except for ${assessment.name}, which takes Authorization: Bearer <API key>.`,
    );
    const llms = llmsTxt(config, content, catalog);
    assert.ok(llms.includes(note), llms);
    assert.match(llms, new RegExp(`auth\\.md\\): an API key for ${assessment.name} only`));
    assert.equal(buildServerCard(config, content.site, catalog.capabilities).authentication.note, note);
  });

  it('follows the catalogue: no keyed capability, or two', () => {
    assert.equal(credentialNote(open), 'No credential is needed.');
    assert.match(llmsTxt(config, content, { capabilities: open }), /auth\.md\): no authentication is required/);
    const two = [...open, keyedSearch, assessment];
    assert.match(credentialNote(two), new RegExp(`except for ${keyedSearch.name}, ${assessment.name}, which take `));
  });
});
