// The ard check's findings and fixes.
import { checkWords } from './check-words.ts';

export const ardWords = checkWords({
  en: {
    noCatalog: 'no ARD or AI catalog published',
    listEntries:
      'List each agent resource (MCP server, A2A agent, skill) in the AI catalog with an "identifier" of the form urn:air:<host>:<kind>:<name>, a "type" and either a "url" or inline "data".',
    noEntries: 'the AI catalog has no entries',
    badEntry: 'an entry lacks a urn:air identifier, a type, or exactly one of url and data',
    nameless: 'entry {identifier} has no displayName, and a {type} does not name itself',
    nameEntries:
      'Give each entry whose artifact carries no name of its own (a skill, a dataset, a nested catalog) a "displayName" people can read.',
    passed: 'AI catalog with {entries, plural, one {# urn:air entry} other {# urn:air entries}}',
  },
  de: {
    noCatalog: 'kein ARD- oder AI-Katalog veröffentlicht',
    listEntries:
      'Führen Sie jede Agenten-Ressource (MCP-Server, A2A-Agent, Skill) im AI-Katalog mit einem „identifier“ der Form urn:air:<host>:<kind>:<name>, einem „type“ und entweder einer „url“ oder eingebetteten „data“ auf.',
    noEntries: 'der AI-Katalog hat keine Einträge',
    badEntry: 'einem Eintrag fehlt ein urn:air-identifier, ein type oder genau eines von url und data',
    nameless: 'Eintrag {identifier} hat keinen displayName, und ein Artefakt vom Typ {type} nennt keinen eigenen Namen',
    nameEntries:
      'Geben Sie jedem Eintrag, dessen Artefakt keinen eigenen Namen trägt (ein Skill, ein Datensatz, ein verschachtelter Katalog), einen „displayName“, den Menschen lesen können.',
    passed: 'AI-Katalog mit {entries, plural, one {# urn:air-Eintrag} other {# urn:air-Einträgen}}',
  },
});
