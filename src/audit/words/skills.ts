// The agent-skills check's findings and fixes, for discovery 0.2.0 indexes and the 0.1.0 ones.
import { checkWords } from './check-words.ts';

export const skillsWords = checkWords({
  en: {
    publish:
      'Publish /.well-known/agent-skills/index.json with "$schema" (https://schemas.agentskills.io/discovery/0.2.0/schema.json) and, per skill, a url and the sha256 digest of exactly the bytes it serves.',
    noIndex: 'no skills index ({status})',
    notObject: 'the skills index is not a JSON object',
    unknownSchema: 'the skills index names an unknown discovery $schema: {schema}',
    unknownVersion: 'the skills index names a discovery version this audit does not know: {schema}',
    sha256Incomplete: 'skill {name} lacks a url or a sha256',
    filesIncomplete:
      'skill {name} lacks a valid name, a sha256 digest, or a files list of paths with digests that includes SKILL.md',
    skillDigestMismatch: "skill {name}''s digest is not the digest of its files'' manifest",
    fileNotServed: "skill {name}''s file {path} answers {status}",
    fileDigestMismatch: "skill {name}''s file {path} does not match its digest",
    filesPassed:
      '{skills, plural, one {# skill} other {# skills}} (discovery 0.2.0 with files), skill digests and {files, plural, one {# file} other {# files}} verified',
    listFiles:
      'List each skill with its name, its files (SKILL.md among them) each with the sha256 digest of its bytes, served at <index folder>/<name>/<path>, and the skill digest over them, as the discovery RFC describes.',
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
    unknownVersion: 'der Skills-Index nennt eine Discovery-Version, die dieses Audit nicht kennt: {schema}',
    sha256Incomplete: 'dem Skill {name} fehlt eine url oder ein sha256',
    filesIncomplete:
      'dem Skill {name} fehlt ein gültiger Name, ein sha256-Digest oder eine Dateiliste mit Pfaden und Digests, die SKILL.md enthält',
    skillDigestMismatch: 'der Digest des Skills {name} ist nicht der Digest des Manifests seiner Dateien',
    fileNotServed: 'die Datei {path} des Skills {name} antwortet mit {status}',
    fileDigestMismatch: 'die Datei {path} des Skills {name} passt nicht zu ihrem Digest',
    filesPassed:
      '{skills, plural, one {# Skill} other {# Skills}} (Discovery 0.2.0 mit Dateien), Skill-Digests und {files, plural, one {# Datei} other {# Dateien}} geprüft',
    listFiles:
      'Führen Sie jeden Skill mit Namen und seinen Dateien (darunter SKILL.md) auf, jede mit dem sha256-Digest ihrer Bytes und ausgeliefert unter <Index-Ordner>/<Name>/<Pfad>, dazu den Skill-Digest über sie, wie es der Discovery-RFC beschreibt.',
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
