// What a question asks without naming it, in English and German: the words its answer is written in.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { impliedWords } from '../../../src/domain/ask/implied.ts';

describe('the words a question implies', () => {
  it('reads when a company was founded, where it is, who runs it and how long a thing takes', () => {
    assert.ok(impliedWords('Seit wann gibt es die Firma schon?', 'de').includes('gegründet'));
    assert.ok(impliedWords('when was the firm founded', 'en').includes('started'));
    assert.ok(impliedWords('where are your offices', 'en').includes('address'));
    assert.ok(impliedWords('Wo ist Ihr Firmensitz?', 'de').includes('standort'));
    assert.ok(impliedWords('Wer führt das Unternehmen?', 'de').includes('geschäftsführer'));
    assert.ok(impliedWords('who runs the company', 'en').includes('founder'));
    assert.ok(impliedWords('Wie lange dauert ein Projekt?', 'de').includes('laufzeit'));
    assert.ok(impliedWords('Für welche Firmen haben Sie gearbeitet?', 'de').includes('kunden'));
    assert.ok(impliedWords('what do your clients say about you', 'en').includes('testimonial'));
  });

  it('implies nothing for a question that names what it wants, or in a language without a list', () => {
    assert.deepEqual(impliedWords('SEO audit for a fintech', 'en'), []);
    assert.deepEqual(impliedWords('Fachkräftemangel im Maschinenbau', 'de'), []);
    assert.deepEqual(impliedWords('where are your offices', 'fr'), []);
  });
});
