// Distinct client addresses for X-Forwarded-For: with TRUST_PROXY=loopback every request is a new
// client to the rate limiter, so limits run for real without the bench tripping them.
let counter = 0;

/** The next unused IPv4 address in 10.0.0.0/8 (16 million before it would repeat). */
export function nextClientAddress(): string {
  counter += 1;
  return `10.${(counter >>> 16) & 255}.${(counter >>> 8) & 255}.${counter & 255}`;
}
