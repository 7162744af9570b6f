// The a2a-agent-card check's findings and fixes. A problem in the card's shape is zod's own sentence,
// placed whole as {problem} (in German from zod's German locale).
import { checkWords } from './check-words.ts';

export const a2aCardWords = checkWords({
  en: {
    notServed: '{path} answers {status}',
    publish:
      'Publish an A2A 1.0 agent card: name, description, version, capabilities, default input and output modes, skills, and supportedInterfaces each with a url, a protocolBinding (JSONRPC, GRPC or HTTP+JSON) and a protocolVersion.',
    badField: 'the agent card is not A2A {version}: {field} {problem}',
    badCard: 'the agent card is not A2A {version}: card {problem}',
    notVersion03: 'is not 0.3',
    unknownBinding: 'interface binding "{binding}" is not one A2A knows',
    passed: 'agent "{name}" with {skills, plural, one {# skill} other {# skills}} over {bindings}',
    passedVersion: 'A2A {version} agent "{name}" with {skills, plural, one {# skill} other {# skills}} over {bindings}',
  },
  de: {
    notServed: '{path} antwortet mit {status}',
    publish:
      'Veröffentlichen Sie eine Agent-Card nach A2A 1.0: name, description, version, capabilities, Standard-Ein- und -Ausgabemodi, skills und supportedInterfaces, jede Schnittstelle mit url, protocolBinding (JSONRPC, GRPC oder HTTP+JSON) und protocolVersion.',
    badField: 'die Agent-Card entspricht nicht A2A {version}, Feld „{field}“: {problem}',
    badCard: 'die Agent-Card entspricht nicht A2A {version}: {problem}',
    notVersion03: 'Wert ist nicht 0.3',
    unknownBinding: 'eine Schnittstelle nennt das Binding „{binding}“, das A2A nicht kennt',
    passed: 'Agent „{name}“ mit {skills, plural, one {# Skill} other {# Skills}} über {bindings}',
    passedVersion:
      'Agent „{name}“ (A2A {version}) mit {skills, plural, one {# Skill} other {# Skills}} über {bindings}',
  },
});
