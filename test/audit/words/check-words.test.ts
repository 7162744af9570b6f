// Every check's sentences, in both languages: each parses as ICU MessageFormat, the German places
// exactly the arguments the English does, and none is left in English.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { WordsOf } from '../../../src/audit/words/check-words.ts';

const folder = new URL('../../../src/audit/words/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts') && name !== 'check-words.ts');

/** The names of the arguments a message places, plural and select branches included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe('the audit findings in every language', () => {
  it('has a words file for the checks', () => assert.ok(files.length > 0));
  for (const file of files) {
    it(`${file}: German for every English sentence, with the same arguments`, async () => {
      const module = (await import(new URL(file, folder).href)) as Record<string, WordsOf<string>>;
      const words = Object.values(module).filter((value) => typeof value === 'function' && 'sentences' in value);
      assert.ok(words.length > 0, `${file} exports no checkWords`);
      for (const { sentences } of words) {
        assert.deepEqual(Object.keys(sentences.de).sort(), Object.keys(sentences.en).sort());
        for (const [key, english] of Object.entries(sentences.en)) {
          const german = sentences.de[key]!;
          assert.deepEqual(
            [...argumentsOf(parse(german, { ignoreTag: true }))].sort(),
            [...argumentsOf(parse(english, { ignoreTag: true }))].sort(),
            `${file} ${key}: the German places other arguments`,
          );
          // A sentence of only a placeholder or a technical name reads the same in both languages.
          if (/[a-z]{4,} [a-z]{3,} [a-z]{3,}/i.test(english.replace(/\{[^{}]*\}/g, '')))
            assert.notEqual(german, english, `${file} ${key} is still English`);
        }
      }
    });
  }
});
