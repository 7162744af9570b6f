// The text rules of an enquiry, as properties over generated strings and through the real store of
// the back-end under test: whatever is accepted is stored exactly as accepted, and what is refused
// is refused with an error naming its field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { loadConfig } from '../../../src/config/config.ts';
import { textProblem } from '../../../src/domain/enquiries/text.ts';
import { AppError } from '../../../src/kernel/errors.ts';
import { closeServices, createServices, type Services } from '../../../src/app/services.ts';
import { freshDatabaseUrl } from '../../helpers/app.ts';

const valid = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  message: 'We would like to talk about pipeline.',
};

/** Characters that cause trouble, mixed into ordinary text so every rule and its neighbours get exercised. */
const awkward = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009b',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u000b',
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u3164',
  '\u2800',
  '\u0301',
  '\ufe0f',
  '\u202e',
  '\u2066',
  '\u200e',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  '\ufffd',
  ' ',
  '\u00a0',
  'é',
  '李',
  'ش',
  'A',
);
const text = fc
  .array(fc.oneof(awkward, fc.string({ unit: 'binary', maxLength: 6 }), fc.string({ maxLength: 6 })), { maxLength: 8 })
  .map((parts) => parts.join(''));

describe('enquiry text rules', () => {
  it('accept a one-line text only when it is well-formed, has no control or line break, and shows something', () => {
    fc.assert(
      fc.property(text, (value) => {
        if (textProblem(value, 'line') !== undefined) return;
        assert.ok(value.isWellFormed());
        assert.doesNotMatch(value, /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u);
        assert.ok(value === '' || /[^\p{White_Space}\p{Cf}\p{M}]/u.test(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('let a message keep tabs and line breaks but nothing else from the control characters', () => {
    fc.assert(
      fc.property(text, (value) => {
        const problem = textProblem(value, 'multiline');
        if (problem === undefined) assert.doesNotMatch(value.replace(/[\t\n\r]/g, ''), /\p{Cc}/u);
        if (
          value.isWellFormed() &&
          !/\p{Cc}/u.test(value.replace(/[\t\n\r]/g, '')) &&
          /[\p{L}\p{N}]/u.test(value.replace(/\p{Default_Ignorable_Code_Point}/gu, ''))
        ) {
          assert.equal(problem, undefined, JSON.stringify(value));
        }
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('enquiry text through the store', () => {
  let services: Services;
  before(async () => {
    services = await createServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: await freshDatabaseUrl() }));
  });
  after(() => closeServices(services));

  it('stores every accepted text exactly as accepted (trimmed), and refuses the rest naming the field', async () => {
    let client = 0;
    const fields = fc.record(
      { fromName: text, organization: text, message: text, agentId: text },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, async (generated) => {
        // Pad so the length bounds pass and the text rules decide.
        const input = {
          ...valid,
          ...generated,
          ...(generated.fromName !== undefined && { fromName: `A${generated.fromName}` }),
          ...(generated.message !== undefined && { message: `${generated.message} about the pipeline` }),
        };
        let reference: string;
        try {
          ({
            accepted: { reference },
          } = await services.enquiries.submit({
            input,
            client: `192.0.2.${client++ % 250}`,
            channel: 'rest',
            kind: 'enquiry',
          }));
        } catch (error) {
          assert.ok(error instanceof AppError && error.code === 'invalid_request', String(error));
          for (const { field } of error.fieldErrors) assert.ok(field in generated, `${field} was not generated`);
          return;
        }
        const row = await services.store.db
          .selectFrom('enquiries')
          .selectAll()
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow();
        assert.deepEqual(
          [row.from_name, row.organization, row.message, row.agent_id],
          [
            input.fromName.trim(),
            input.organization?.trim() ?? null,
            input.message.trim(),
            input.agentId?.trim() ?? null,
          ],
        );
      }),
      { numRuns: 200 },
    );
  });
});
