// The agent-skills check's findings and fixes, for discovery 0.2.0 indexes and the 0.1.0 ones.
import { checkWords } from './check-words.ts';

export const skillsWords = checkWords({
  en: {
    publish:
      'Publish /.well-known/agent-skills/index.json with "$schema" (https://schemas.agentskills.io/discovery/0.2.0/schema.json) and, per skill, a url and the sha256 digest of exactly the bytes it serves.',
    noIndex: 'no skills index ({status})',
    notObject: 'the skills index is not a JSON object',
    unknownSchema: 'the skills index names an unknown discovery $schema: {schema}',
    noSkills: 'the skills index lists no skills',
    incomplete: 'skill {name} lacks a url or a sha256 digest',
    notServed: 'skill {name} answers {status}',
    digestMismatch: "skill {name}''s digest does not match its bytes",
    recompute:
      'Recompute each digest from the exact bytes served at its url (after any templating), and publish the index with the artifacts.',
    passed: '{skills, plural, one {# skill} other {# skills}}, digests verified',
    listLegacy:
      'List each skill with its name, description and files (SKILL.md among them) served at <index folder>/<name>/<file>, or move to discovery 0.2.0 with digests.',
    legacyIncomplete: 'skill {name} lacks a name or a SKILL.md in its files',
    legacyNotServed: "skill {name}''s SKILL.md answers {status}",
    legacyPassed:
      '{skills, plural, one {# skill} other {# skills}} (discovery 0.1.0, no digests), each SKILL.md answers',
  },
  de: {
    publish:
      'Veröffentlichen Sie /.well-known/agent-skills/index.json mit „$schema“ (https://schemas.agentskills.io/discovery/0.2.0/schema.json) und für jeden Skill einer url und dem sha256-Digest genau der Bytes, die unter ihr ausgeliefert werden.',
    noIndex: 'kein Skills-Index ({status})',
    notObject: 'der Skills-Index ist kein JSON-Objekt',
    unknownSchema: 'der Skills-Index nennt ein unbekanntes Discovery-$schema: {schema}',
    noSkills: 'der Skills-Index führt keine Skills auf',
    incomplete: 'dem Skill {name} fehlt eine url oder ein sha256-Digest',
    notServed: 'der Skill {name} antwortet mit {status}',
    digestMismatch: 'der Digest des Skills {name} passt nicht zu seinen Bytes',
    recompute:
      'Berechnen Sie jeden Digest neu aus genau den Bytes, die unter seiner url ausgeliefert werden (nach jeder Template-Verarbeitung), und veröffentlichen Sie den Index zusammen mit den Artefakten.',
    passed: '{skills, plural, one {# Skill} other {# Skills}}, Digests geprüft',
    listLegacy:
      'Führen Sie jeden Skill mit Namen, Beschreibung und Dateien (darunter SKILL.md) auf, ausgeliefert unter <Index-Ordner>/<Name>/<Datei>, oder wechseln Sie zu Discovery 0.2.0 mit Digests.',
    legacyIncomplete: 'dem Skill {name} fehlt ein Name oder eine SKILL.md unter seinen Dateien',
    legacyNotServed: 'die SKILL.md des Skills {name} antwortet mit {status}',
    legacyPassed:
      '{skills, plural, one {# Skill} other {# Skills}} (Discovery 0.1.0, ohne Digests), jede SKILL.md antwortet',
  },
});
