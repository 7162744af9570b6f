// The language a question is asked in, among the site's (test/fixtures/zweiklang: German, English):
// stop words and the words of the site's pages in each language tell, and the default wins a tie.
import { strict as assert } from 'node:assert';
import path from 'node:path';
import { describe, it } from 'node:test';
import { questionLanguage } from '../../../src/domain/ask/question-language.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';

const content = await loadContent(path.resolve(import.meta.dirname, '../../fixtures/zweiklang'));

describe('the language of a question', () => {
  it('reads English and German questions as such, however short', () => {
    assert.equal(questionLanguage(content, 'strategy for our advisory board'), 'en');
    assert.equal(questionLanguage(content, 'case studies in mechanical engineering'), 'en');
    assert.equal(questionLanguage(content, 'Strategie für unseren Beirat'), 'de');
    assert.equal(questionLanguage(content, 'Referenzen Maschinenbau'), 'de');
  });

  it('answers in the default language when the words do not tell', () => {
    assert.equal(questionLanguage(content, ''), 'de');
    assert.equal(questionLanguage(content, 'B2B'), 'de');
    assert.equal(questionLanguage(content, 'qué estrategia'), 'de');
  });
});
