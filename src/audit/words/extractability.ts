// The extractability check's findings and fixes. Each page read is a phrase of its own (`page`), and
// each problem found on a page one more (`tooManyH1`, `skippedLevel`, `littleText`); the check lists
// them with semicolons. `percent` is a whole number, placed as the language writes a percentage.
import { checkWords } from './check-words.ts';

export const extractabilityWords = checkWords({
  en: {
    scriptWritten: '{path} shows {words} words without script: its content is written by script',
    tooThin: '{path} shows {words} words without script, too little for an agent to read',
    renderFix:
      'Render the main content into the HTML on the server (or prerender it), so agents that run no script read it.',
    tooManyH1: '{count} h1 elements',
    skippedLevel: 'a heading skips a level ({step})',
    littleText: '{percent}% of the markup is text',
    outlineFix:
      'Give each page one <h1>, headings that descend one level at a time, and more text than markup (move inline data and styles to files).',
    page: '{path}: {words} words, {percent}% text, one h1',
  },
  de: {
    scriptWritten:
      '{path} zeigt ohne JavaScript {words, plural, one {# Wort} other {# Wörter}}: Der Inhalt wird erst per JavaScript geschrieben',
    tooThin:
      '{path} zeigt ohne JavaScript {words, plural, one {# Wort} other {# Wörter}}, zu wenig, als dass ein Agent etwas lesen könnte',
    renderFix:
      'Rendern Sie den Hauptinhalt auf dem Server ins HTML (oder rendern Sie ihn vorab), damit Agenten, die kein JavaScript ausführen, ihn lesen können.',
    tooManyH1: '{count, plural, one {# h1-Element} other {# h1-Elemente}}',
    skippedLevel: 'eine Überschrift überspringt eine Ebene ({step})',
    littleText: 'nur {percent} % des Markups sind Text',
    outlineFix:
      'Geben Sie jeder Seite genau ein <h1>, Überschriften, die jeweils nur eine Ebene tiefer gehen, und mehr Text als Markup (verlagern Sie eingebettete Daten und Styles in Dateien).',
    page: '{path}: {words, plural, one {# Wort} other {# Wörter}}, {percent} % Text, eine h1',
  },
});
