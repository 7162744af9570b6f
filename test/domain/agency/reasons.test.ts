// The value proposition ranks the agency's reasons by the words of the question, read as words of
// any script: an umlaut does not split a German word into fragments that match other words.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { rankReasons } from '../../../src/domain/agency/why.ts';

const reason = (id: string, title: string, body: string) => ({ id, topic: 'general', title, body });

describe('ranking the reasons for a question', () => {
  it('matches whole German words, umlauts included', () => {
    const reasons = [
      reason('partner', 'Ein Partner aus Bergen', 'Wir arbeiten seit Jahren mit Bergern zusammen.'),
      reason('calm', 'Kein Ärger mit Leads', 'Leads kommen geprüft beim Vertrieb an, ohne Ärger.'),
    ];
    assert.deepEqual(
      rankReasons(reasons, 'Ärger').map((r) => r.id),
      ['calm', 'partner'],
    );
    assert.deepEqual(
      rankReasons(reasons, 'Bergern').map((r) => r.id),
      ['partner', 'calm'],
    );
  });
});
