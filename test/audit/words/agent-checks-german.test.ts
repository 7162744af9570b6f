// The agent checks (A2A card and connection, Agent Skills, WebMCP forms, JSON-LD, llms-full.txt)
// audited in German: each finding and fix reads German, with the site's own values placed in it and
// zod's problem with a card in its German wording; the same case in English reads as before.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { a2aConnect, a2aAgentCard } from '../../../src/audit/checks/a2a.ts';
import { llmsFullTxt } from '../../../src/audit/checks/llms-full-txt.ts';
import { jsonLd, webmcp } from '../../../src/audit/checks/page-markup.ts';
import { agentSkills } from '../../../src/audit/checks/skills.ts';
import { loopbackAllowed } from '../../domain/audit/audit-helpers.ts';
import { documentSite, htmlDoc, jsonDoc, legacyA2aCard, type DocumentSite } from '../document-site.ts';
import { runCheck } from '../run-check.ts';

let site: DocumentSite;
before(async () => {
  site = await documentSite();
});
after(async () => site?.close());

const inGerman = (check: Parameters<typeof runCheck>[0]) => runCheck(check, `${site.url}/`, loopbackAllowed, 'de');
const home = htmlDoc('<title>x</title>');

const legacyCard = (changes: Record<string, unknown> = {}) => legacyA2aCard(site.url, changes);

describe('the A2A checks in German', () => {
  it('passes a card naming its agent, its skills and bindings in German', async () => {
    site.docs = { '/': home, '/.well-known/agent-card.json': legacyCard() };
    const check = await inGerman(a2aAgentCard);
    assert.equal(check.status, 'pass', check.message);
    assert.equal(check.message, 'Agent „Acme agent“ (A2A 0.3.0) mit 1 Skill über JSONRPC');
  });

  it("words a card's shape problem with zod's German, and its 0.3 version in its own", async () => {
    site.docs = { '/': home, '/.well-known/agent-card.json': legacyCard({ name: undefined }) };
    let check = await inGerman(a2aAgentCard);
    assert.equal(
      check.message,
      'die Agent-Card entspricht nicht A2A 0.3, Feld „name“: Ungültige Eingabe: erwartet string, erhalten undefined',
    );
    assert.match(check.fix ?? '', /^Veröffentlichen Sie eine Agent-Card nach A2A 1\.0: /);
    site.docs = { '/': home, '/.well-known/agent-card.json': legacyCard({ protocolVersion: '0.2' }) };
    check = await inGerman(a2aAgentCard);
    assert.equal(check.message, 'die Agent-Card entspricht nicht A2A 0.3, Feld „protocolVersion“: Wert ist nicht 0.3');
    check = await runCheck(a2aAgentCard, `${site.url}/`);
    assert.equal(check.message, 'the agent card is not A2A 0.3: protocolVersion is not 0.3');
  });

  it('skips the connection without a card, saying so in German', async () => {
    site.docs = { '/': home };
    const check = await inGerman(a2aConnect);
    assert.equal(check.status, 'skip');
    assert.equal(check.message, 'keine Agent-Card, über die sich der Agent erreichen ließe');
  });
});

describe('the Agent Skills check in German', () => {
  it('counts the skills of a verified 0.2.0 index in German', async () => {
    const body = '---\nname: demo\ndescription: Demo.\n---\n';
    const digest = `sha256:${createHash('sha256').update(body).digest('hex')}`;
    const skill = (name: string) => ({ name, type: 'skill-md', url: `/skills/${name}/SKILL.md`, digest });
    site.docs = {
      '/': home,
      '/.well-known/agent-skills/index.json': jsonDoc({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [skill('one'), skill('two')],
      }),
      '/skills/one/SKILL.md': { type: 'text/markdown', body },
      '/skills/two/SKILL.md': { type: 'text/markdown', body: `${body}changed\n` },
    };
    const check = await inGerman(agentSkills);
    assert.equal(check.message, 'der Digest des Skills two passt nicht zu seinen Bytes');
    assert.match(check.fix ?? '', /^Berechnen Sie jeden Digest neu/);
    site.docs['/skills/two/SKILL.md'] = { type: 'text/markdown', body };
    assert.equal((await inGerman(agentSkills)).message, '2 Skills, Digests geprüft');
  });

  it("names a 0.1.0 skill's missing SKILL.md in German", async () => {
    site.docs = {
      '/': home,
      '/.well-known/agent-skills/index.json': jsonDoc({ skills: [{ name: 'demo-skill', files: ['SKILL.md'] }] }),
    };
    const check = await inGerman(agentSkills);
    assert.equal(check.message, 'die SKILL.md des Skills demo-skill antwortet mit 404');
    assert.match(check.fix ?? '', /^Führen Sie jeden Skill mit Namen, Beschreibung und Dateien/);
  });
});

describe('the home page markup checks in German', () => {
  it('names a WebMCP tool without a description, and counts the tool forms', async () => {
    site.docs = { '/': htmlDoc('<form toolname="find"><input name="q"></form>') };
    const check = await inGerman(webmcp);
    assert.equal(check.message, 'das Tool „find“ hat keine tooldescription');
    assert.match(check.fix ?? '', /^Geben Sie jedem Tool-Formular einen toolname/);
    site.docs = {
      '/': htmlDoc(
        '<form toolname="find" tooldescription="Finds pages."><input name="q"></form><form><input name="x"></form>',
      ),
    };
    assert.equal((await inGerman(webmcp)).message, '1 WebMCP-Tool-Formular: find');
    site.docs = { '/': htmlDoc('<form><input name="q"></form><form></form>') };
    assert.equal(
      (await inGerman(webmcp)).message,
      'kein WebMCP-Tool-Formular auf der Startseite (2 Formulare insgesamt)',
    );
  });

  it('passes JSON-LD naming an Organization, and fails a page without any, in German', async () => {
    const graph = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' });
    site.docs = { '/': htmlDoc(`<script type="application/ld+json">${graph}</script>`) };
    assert.equal((await inGerman(jsonLd)).message, '1 JSON-LD-Block, darunter die Typen Organization');
    site.docs = { '/': home };
    const check = await inGerman(jsonLd);
    assert.equal(check.message, 'die Startseite hat kein JSON-LD');
    assert.match(check.fix ?? '', /^Binden Sie einen <script type="application\/ld\+json">-Block/);
  });
});

describe('the llms-full.txt check in German', () => {
  it('skips a site without the file, and passes one with its size and first line', async () => {
    site.docs = { '/': home };
    assert.equal((await inGerman(llmsFullTxt)).message, 'keine /llms-full.txt (404); die Datei ist optional');
    // A byte count is placed as it is, without the thousands separator a German number would take.
    const body = `# Studio\n\n${'Every page.\n'.repeat(500)}`;
    site.docs = { '/llms-full.txt': { type: 'text/markdown', body } };
    assert.equal(
      (await inGerman(llmsFullTxt)).message,
      `/llms-full.txt ist text/markdown mit ${body.length} Bytes und beginnt mit „# Studio“`,
    );
    assert.ok(body.length > 1000);
  });

  it('fails a file served without a type, in German', async () => {
    site.docs = { '/llms-full.txt': { type: '', body: '# Studio\n' } };
    const check = await inGerman(llmsFullTxt);
    assert.equal(check.message, '/llms-full.txt wird ohne Typ ausgeliefert');
    assert.match(check.fix ?? '', /^Liefern Sie \/llms-full\.txt als text\/markdown oder text\/plain aus/);
  });
});
