// HubSpot delivery against a double of its CRM v3 API: contact upsert by e-mail, then a note
// associated to the contact; a 429 with Retry-After is waited out.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.ts';
import { closeServices, type Services } from '../../src/services.ts';
import { startHubspotDouble, waitFor, type HubspotDouble } from './doubles.ts';
import { addEnquiry, deliveriesFor, testServices } from './fixture.ts';

describe('HubSpot delivery', () => {
  let hubspot: HubspotDouble;
  let services: Services;
  let worker: DeliveryWorker;

  before(async () => {
    hubspot = await startHubspotDouble();
    services = await testServices({ HUBSPOT_ACCESS_TOKEN: 'pat-test-token', HUBSPOT_BASE_URL: hubspot.url });
    worker = startDeliveryWorker(services);
  });
  after(async () => {
    await worker.stop();
    await closeServices(services);
    await hubspot.close();
  });

  it('upserts the contact by e-mail and adds an escaped note associated to it', async () => {
    const reference = await addEnquiry(services, ['hubspot'], {
      fromName: 'Grace Brewster Hopper',
      fromEmail: 'grace@example.com',
      organization: 'Navy',
      message: 'Please call me <script>alert(1)</script> & soon',
    });
    services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered');
    const [upsert, note] = hubspot.calls;
    assert.equal(upsert!.path, '/crm/v3/objects/contacts/batch/upsert');
    assert.equal(upsert!.auth, 'Bearer pat-test-token');
    assert.deepEqual(upsert!.body, {
      inputs: [{
        idProperty: 'email',
        id: 'grace@example.com',
        properties: { email: 'grace@example.com', firstname: 'Grace', lastname: 'Brewster Hopper', company: 'Navy' },
      }],
    });
    assert.equal(note!.path, '/crm/v3/objects/notes');
    const body = note!.body as { properties: Record<string, string>; associations: unknown };
    assert.deepEqual(body.associations, [{ to: { id: '1001' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }]);
    assert.ok(body.properties.hs_timestamp);
    assert.match(body.properties.hs_note_body!, /&#60;script&#62;alert\(1\)&#60;\/script&#62; &#38; soon/);
    assert.doesNotMatch(body.properties.hs_note_body!, /<script>/);
    assert.match(body.properties.hs_note_body!, new RegExp(reference));
  });

  it('waits out a 429 for at least its Retry-After, then delivers', async () => {
    hubspot.calls.length = 0;
    hubspot.rateLimitNext = 1;
    hubspot.retryAfter = '1';
    const reference = await addEnquiry(services, ['hubspot']);
    services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered', 5_000);
    const [limited, retried, check] = hubspot.calls;
    assert.equal(limited!.status, 429);
    assert.equal(retried!.path, '/crm/v3/objects/contacts/batch/upsert');
    // The test backoff is 50-200 ms, so only Retry-After explains a gap of a second.
    assert.ok(retried!.at - limited!.at >= 950, `waited ${retried!.at - limited!.at} ms`);
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(delivery!.attempts, 2);
    assert.match(delivery!.last_error!, /hubspot contact upsert: HTTP 429/);
    assert.match(check!.path, /^\/crm\/v3\/objects\/contacts\/\d+\?associations=notes$/, 'a retry checks for an earlier note');
  });

  it('does not add a second note when an earlier attempt created it but lost the answer', async () => {
    hubspot.calls.length = 0;
    hubspot.loseNextNoteAnswer = true;
    const notesBefore = hubspot.notes.length;
    const reference = await addEnquiry(services, ['hubspot'], { fromEmail: 'lost.answer@example.com' });
    services.deliverySignal.notify();
    await waitFor('delivered', async () => (await deliveriesFor(services, reference))[0]?.state === 'delivered', 5_000);
    const [delivery] = await deliveriesFor(services, reference);
    assert.equal(delivery!.attempts, 2);
    assert.match(delivery!.last_error!, /connection failed|unexpected error/);
    const notes = hubspot.notes.slice(notesBefore);
    assert.equal(notes.length, 1, 'one note for one enquiry');
    assert.match(notes[0]!.body, new RegExp(reference));
    assert.deepEqual(hubspot.calls.map((c) => c.path), [
      '/crm/v3/objects/contacts/batch/upsert',
      '/crm/v3/objects/notes',
      '/crm/v3/objects/contacts/batch/upsert',
      `/crm/v3/objects/contacts/${notes[0]!.contactId}?associations=notes`,
      '/crm/v3/objects/notes/batch/read',
    ]);
  });
});
