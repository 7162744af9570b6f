// The overview's card of gaps the import left in the content folder: each value left out of every
// surface until the operator fills it, with its file and line (as `content:check` lists them).
import type { ContentGap } from '../../domain/content/gaps.ts';
import type { Html } from '../../kernel/html-template.ts';
import { figure, table } from './layout.ts';

/** The card, or nothing when every gap is filled. */
export function contentGapsCard(gaps: readonly ContentGap[]): Html | '' {
  if (gaps.length === 0) return '';
  return figure(
    'content-gaps',
    `Content gaps (${gaps.length})`,
    undefined,
    '',
    table(
      'Gaps the import left in the content',
      [
        { title: 'File', value: (gap) => (gap.line === undefined ? gap.file : `${gap.file}:${gap.line}`), wrap: true },
        { title: 'Field', value: (gap) => gap.field ?? '(the whole file)' },
        { title: 'Needs', value: (gap) => gap.needs, wrap: true },
      ],
      [...gaps],
    ),
    'Not published on any page, document or agent answer until filled in the content folder; `npm run content:check -- --strict` fails while any is left.',
  );
}
