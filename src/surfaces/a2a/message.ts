// Reads what a user message asks for: a data part {"skill": "<id>", "input": {…}} calls a skill; text
// parts alone are a question for the site search. Files (url/raw parts) are not read.
import type { Message } from '@a2a-js/sdk';
import { ContentTypeNotSupportedError } from '@a2a-js/sdk/errors';
import * as z from 'zod';
import { fieldErrors } from '../../domain/validation.ts';
import { invalidParams } from './errors.ts';

/** What a message asks: one skill with its input, or a plain-text question. */
export type SkillCall = { kind: 'skill'; skill: string; input: unknown } | { kind: 'text'; text: string };

const skillPart = z.strictObject({
  skill: z.string().min(1).max(100).describe('The id of a skill from the agent card.'),
  input: z.record(z.string(), z.unknown()).optional().describe("The skill's input object."),
});

const usage =
  'Send a text part with a question, or one data part {"skill": "<id>", "input": {…}} with a skill id from the agent card.';

/** The call a message makes; throws InvalidParams or ContentTypeNotSupported with a one-line message. */
export function callOf(message: Message): SkillCall {
  const parts = message.parts ?? [];
  if (parts.some((p) => p.content?.$case === 'url' || p.content?.$case === 'raw')) {
    throw new ContentTypeNotSupportedError({ message: `This agent reads text and JSON data parts only. ${usage}` });
  }
  const data = parts.filter((p) => p.content?.$case === 'data');
  if (data.length > 1) throw invalidParams(`Send one data part per message. ${usage}`);
  if (data.length === 1) {
    const value: unknown = data[0]!.content!.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw invalidParams(`The data part is not an object. ${usage}`);
    const parsed = skillPart.safeParse(value);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues, 'data');
      const list = errors.map((e) => `${e.field} ${e.message}`).join('; ');
      throw invalidParams(
        `Invalid data part: ${list}. ${usage}`,
        Object.fromEntries(errors.map((e) => [e.field, e.message])),
      );
    }
    return { kind: 'skill', skill: parsed.data.skill, input: parsed.data.input ?? {} };
  }
  const text = parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('\n');
  if (text.trim() === '') throw invalidParams(`The message has no text and no data part. ${usage}`);
  return { kind: 'text', text };
}
