// HubSpot delivery against a double of its CRM v3 API: contact upsert by e-mail, then a note
// associated to the contact; a 429 with Retry-After is waited out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startHubspotDouble, waitFor } from './doubles.ts';
import { addEnquiry, deliveriesFor } from './fixture.ts';
import { useRunningWorker } from './worker-suite.ts';

describe('HubSpot delivery', () => {
  const suite = useRunningWorker(startHubspotDouble, (hubspot) => ({
    HUBSPOT_ACCESS_TOKEN: 'pat-test-token',
    HUBSPOT_BASE_URL: hubspot.url,
  }));

  it('upserts the contact by e-mail and adds an escaped note associated to it', async () => {
    const reference = await addEnquiry(suite.services, ['hubspot'], {
      fromName: 'Grace Brewster Hopper',
      fromEmail: 'grace@example.com',
      organization: 'Navy',
      message: 'Please call me <script>alert(1)</script> & soon',
    });
    suite.services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'delivered');
    const [upsert, note] = suite.target.calls;
    assert.equal(upsert!.path, '/crm/v3/objects/contacts/batch/upsert');
    assert.equal(upsert!.auth, 'Bearer pat-test-token');
    assert.deepEqual(upsert!.body, {
      inputs: [
        {
          idProperty: 'email',
          id: 'grace@example.com',
          properties: { email: 'grace@example.com', firstname: 'Grace', lastname: 'Brewster Hopper', company: 'Navy' },
        },
      ],
    });
    assert.equal(note!.path, '/crm/v3/objects/notes');
    const body = note!.body as { properties: Record<string, string>; associations: unknown };
    assert.deepEqual(body.associations, [
      { to: { id: '1001' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] },
    ]);
    assert.ok(body.properties.hs_timestamp);
    assert.match(body.properties.hs_note_body!, /&#60;script&#62;alert\(1\)&#60;\/script&#62; &#38; soon/);
    assert.doesNotMatch(body.properties.hs_note_body!, /<script>/);
    assert.match(body.properties.hs_note_body!, new RegExp(reference));
  });

  it('waits out a 429 for at least its Retry-After, then delivers', async () => {
    suite.target.calls.length = 0;
    suite.target.rateLimitNext = 1;
    suite.target.retryAfter = '1';
    const reference = await addEnquiry(suite.services, ['hubspot']);
    suite.services.deliverySignal.notify();
    await waitFor(
      'delivered',
      async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'delivered',
      5_000,
    );
    const [limited, retried, check] = suite.target.calls;
    assert.equal(limited!.status, 429);
    assert.equal(retried!.path, '/crm/v3/objects/contacts/batch/upsert');
    // The test backoff is 50-200 ms, so only Retry-After explains a gap of a second.
    assert.ok(retried!.at - limited!.at >= 950, `waited ${retried!.at - limited!.at} ms`);
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.equal(delivery!.attempts, 2);
    assert.equal(delivery!.last_error, null, 'a delivered row keeps no error of the attempt before');
    assert.match(
      check!.path,
      /^\/crm\/v3\/objects\/contacts\/\d+\?associations=notes$/,
      'a retry checks for an earlier note',
    );
  });

  it('does not add a second note when an earlier attempt created it but lost the answer', async () => {
    suite.target.calls.length = 0;
    suite.target.loseNextNoteAnswer = true;
    const notesBefore = suite.target.notes.length;
    const reference = await addEnquiry(suite.services, ['hubspot'], { fromEmail: 'lost.answer@example.com' });
    suite.services.deliverySignal.notify();
    await waitFor(
      'delivered',
      async () => (await deliveriesFor(suite.services, reference))[0]?.state === 'delivered',
      5_000,
    );
    const [delivery] = await deliveriesFor(suite.services, reference);
    assert.equal(delivery!.attempts, 2);
    assert.equal(delivery!.last_error, null, 'a delivered row keeps no error of the attempt before');
    const notes = suite.target.notes.slice(notesBefore);
    assert.equal(notes.length, 1, 'one note for one enquiry');
    assert.match(notes[0]!.body, new RegExp(reference));
    assert.deepEqual(
      suite.target.calls.map((c) => c.path),
      [
        '/crm/v3/objects/contacts/batch/upsert',
        '/crm/v3/objects/notes',
        '/crm/v3/objects/contacts/batch/upsert',
        `/crm/v3/objects/contacts/${notes[0]!.contactId}?associations=notes`,
        '/crm/v3/objects/notes/batch/read',
      ],
    );
  });
});
