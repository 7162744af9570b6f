// Web Bot Auth nonces shared by every instance on one database: a signature's nonce is claimed here
// once it verified, so a captured request replayed to another instance is caught there too. A row
// is needed only while its signature is valid; expired rows are swept (src/store/signature-nonces.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signature_nonces')
    // SHA-256 of the signature's keyid and nonce (base64): the same width whatever the nonce's length.
    .addColumn('digest', 'text', (c) => c.primaryKey())
    // Epoch seconds: the signature's `expires`.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signature_nonces_expires_at').on('signature_nonces').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signature_nonces').execute();
}
