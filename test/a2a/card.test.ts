// The agent card at /.well-known/agent-card.json is a valid A2A 1.0 card that the official client
// resolves and connects through, and every skill it lists is one the agent runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AgentCard } from '@a2a-js/sdk';
import { call, resultOf, send, startAgent, type A2aFixture } from './agent.ts';

/** The fields a2a.proto marks REQUIRED on AgentCard, AgentInterface, AgentProvider and AgentSkill. */
const required = {
  card: [
    'name',
    'description',
    'supportedInterfaces',
    'version',
    'capabilities',
    'defaultInputModes',
    'defaultOutputModes',
    'skills',
  ],
  interface: ['url', 'protocolBinding', 'protocolVersion'],
  provider: ['url', 'organization'],
  skill: ['id', 'name', 'description', 'tags'],
};
const present = (value: unknown): boolean =>
  value !== undefined && value !== '' && (!Array.isArray(value) || value.length > 0);

describe('the A2A agent card', () => {
  let agent: A2aFixture;
  let card: Record<string, any>;
  before(async () => {
    agent = await startAgent();
    card = (await (await fetch(`${agent.app.baseUrl}/.well-known/agent-card.json`)).json()) as Record<string, any>;
  });
  after(() => agent.app.stop());

  it('has every field A2A 1.0 requires, and survives the SDK proto round trip unchanged', () => {
    for (const field of required.card) assert.ok(present(card[field]), field);
    for (const i of card.supportedInterfaces)
      for (const field of required.interface) assert.ok(present(i[field]), `interface ${field}`);
    for (const field of required.provider) assert.ok(present(card.provider[field]), `provider ${field}`);
    for (const skill of card.skills)
      for (const field of required.skill) assert.ok(present(skill[field]), `${skill.id} ${field}`);
    const { protocolVersion: _version, url: _url, preferredTransport: _transport, ...current } = card;
    assert.deepEqual(
      AgentCard.toJSON(AgentCard.fromJSON(card)),
      current,
      'only the A2A 0.3 fields are outside the 1.0 card',
    );
  });

  it('lists only A2A bindings: JSON-RPC first, then HTTP+JSON, under BASE_URL, at 1.0, then JSON-RPC at 0.3; no MCP', () => {
    const base = agent.app.app.services.config.baseUrl;
    assert.deepEqual(card.supportedInterfaces, [
      { url: `${base}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${base}/a2a/rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
      { url: `${base}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ]);
    assert.deepEqual(
      [card.protocolVersion, card.url, card.preferredTransport],
      ['0.3.0', `${base}/a2a`, 'JSONRPC'],
      'what an A2A 0.3 client reads',
    );
    assert.deepEqual(card.capabilities, { streaming: false, pushNotifications: false, extendedAgentCard: false });
    assert.match(card.description, /MCP at http/, 'the MCP server is still named, in the description');
  });

  it('is what the official client resolves and picks its JSON-RPC transport from', async () => {
    const resolved = await agent.client.getAgentCard();
    assert.equal(resolved.name, card.name);
    assert.equal(agent.client.protocolVersion, '1.0');
  });

  it('lists exactly the skills the agent runs: every MCP read tool, the enquiry, the audit and the ask', async () => {
    const ids = card.skills.map((skill: { id: string }) => skill.id);
    assert.deepEqual(ids, [
      'service_get_site_index',
      'service_get_page',
      'service_search_case_studies',
      'service_get_contact',
      'service_match_services',
      'service_get_proof_points',
      'service_why_verto',
      'service_get_value_proposition',
      'service_send_enquiry',
      'service_audit_site',
      'ask',
    ]);
    await assert.rejects(send(agent.client, call('nope')), {
      message: `Unknown skill "nope". Skills: ${ids.join(', ')}.`,
    });
  });

  it('shows for each skill an example data part that the agent runs as it stands', async () => {
    for (const skill of card.skills) {
      if (skill.id.endsWith('_send_enquiry')) continue; // runs in enquiry.test.ts (it spends the contact budget)
      if (skill.id.endsWith('_audit_site')) continue; // its example is a public site; audit-site.test.ts runs it on a local one
      const example = JSON.parse(skill.examples[0]) as { skill: string; input: unknown };
      assert.equal(example.skill, skill.id);
      const task = await send(agent.client, call(example.skill, example.input));
      assert.equal(resultOf(task).skill, skill.id);
    }
  });
});
