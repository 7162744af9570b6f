// The site's words: the shipped catalogues' messages are shared by every site in a language, and a
// ui.yaml's own words stay with the site that wrote them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUiText } from '../../../src/domain/language/ui-text.ts';

describe('the site words', () => {
  it("keeps one site's own words out of another site in the same language", () => {
    const own = createUiText('en', { 'index.title': 'Work of {what}' });
    const plain = createUiText('en');
    assert.equal(own.text('index.title', { what: 'Retail' }), 'Work of Retail');
    assert.equal(plain.text('index.title', { what: 'Retail' }), 'Retail case studies');
    assert.equal(createUiText('en').text('index.title', { what: 'Retail' }), 'Retail case studies');
  });

  it('formats a shared catalogue message in each language and locale of its own', () => {
    const english = createUiText('en');
    const german = createUiText('de-AT');
    assert.equal(english.text('index.count', { count: 1 }), 'case study');
    assert.equal(english.text('index.count', { count: 2000 }), 'case studies');
    assert.notEqual(german.text('index.count', { count: 2 }), 'case studies');
    assert.equal(createUiText('en').text('index.count', { count: 2 }), 'case studies');
  });
});
