// A capability no binding knows of, for tests that register it in a test catalogue and find it on
// every surface: it finds notes by a word and declares that word as its query for agent insight.
import * as z from 'zod';
import { defineCapability, noAuthentication, readHints, type Capability } from '../../src/capabilities/capability.ts';
import type { CatalogDeps } from '../../src/capabilities/deps.ts';

const notes = ['pipeline review', 'pipeline audit', 'brand refresh'];

/** Finds the notes that contain a word and says how many it found. */
export function findNotes({ content }: CatalogDeps): Capability {
  return defineCapability({
    key: 'findNotes',
    name: `${content.site.toolPrefix}_find_notes`,
    title: 'Find notes',
    description: 'Finds the notes that contain a word.',
    input: z.strictObject({ word: z.string().max(100).optional().describe('The word to look for.') }),
    output: z.object({ found: z.array(z.string()) }),
    budget: 'read',
    authentication: noAuthentication,
    hints: readHints,
    a2aSkill: true,
    stable: true,
    examples: [{ word: 'pipeline' }],
    prompts: [],
    tags: ['test'],
    askReading: { query: 'word', results: (output) => output.found.length },
    handle: ({ word = '' }) => {
      const found = notes.filter((note) => note.includes(word));
      return { structured: { found }, text: found.join('\n') };
    },
  });
}
