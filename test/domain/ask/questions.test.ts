// The ask on paraphrased buyer questions in each content language: questions that name no words of the
// content (questions.en.json against the demo content, questions.de.json against a German agency).
// It prints hit@1 and hit@3, so a change to the ranking shows its effect on both languages. The
// questions were written before the ranking was tuned on them; holdout.<language>.json holds fresh
// ones written after, never tuned on, which measure how far the tuning carries.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { createAsk } from '../../../src/domain/ask/engine.ts';
import { loadContent } from '../../../src/domain/content/loader.ts';
import { createSearch } from '../../../src/domain/search/index.ts';
import { evaluate, readQuestions } from './evaluate.ts';

for (const language of ['en', 'de']) {
  describe(`the ask on buyer questions in "${language}"`, () => {
    it('ranks the right case study in its top three for 95 % of them, inside every constraint and refusing every question out of fit', async () => {
      const { dir, questions } = readQuestions(language);
      const content = await loadContent(dir);
      const ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
      const result = evaluate(ask, content, questions);
      const share = (n: number): string => (n / result.ranked).toFixed(2);
      console.log(
        `${language}: ${result.ranked} questions, hit@1 ${share(result.hit1)}, hit@3 ${share(result.hit3)}\n  ${result.misses.join('\n  ')}`,
      );
      assert.ok(questions.length >= 40);
      assert.deepEqual(result.violations, []);
      assert.ok(result.hit3 / result.ranked >= 0.95, `hit@3 ${share(result.hit3)}`);
    });

    it('ranks the right case study in its top three for 90 % of the held-out questions', async () => {
      const { dir, questions } = readQuestions(language, 'holdout');
      const content = await loadContent(dir);
      const ask = createAsk({ content, search: createSearch(content), baseUrl: 'https://agency.example' });
      const result = evaluate(ask, content, questions);
      const share = (n: number): string => (n / result.ranked).toFixed(2);
      console.log(
        `${language} held out: ${result.ranked} questions, hit@1 ${share(result.hit1)}, hit@3 ${share(result.hit3)}`,
      );
      assert.deepEqual(result.violations, []);
      assert.ok(result.hit3 / result.ranked >= 0.9, `hit@3 ${share(result.hit3)}`);
    });
  });
}
