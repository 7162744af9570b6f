// Submitting enquiries through the public API, as a crowd of distinct clients.

let clients = 0;

/** Submits an enquiry from its own client address (TRUST_PROXY=loopback), so the contact budget never interferes. */
export async function submitEnquiry(
  baseUrl: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  clients += 1;
  return fetch(`${baseUrl}/agent/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

export const sampleEnquiry = {
  fromName: 'Ada Lovelace',
  fromEmail: 'ada@example.com',
  organization: 'Analytical Engines Ltd',
  topic: 'services',
  message: 'We need help with pipeline growth next quarter.',
};
