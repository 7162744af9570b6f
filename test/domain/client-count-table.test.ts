// The typed-array count table of the one-instance limiter: counts per hashed client, growth,
// and the unsaved counts a flush takes (and gives back when its write fails).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClientCountTable, clientHasher } from '../../src/domain/client-count-table.ts';

const hash = clientHasher(Buffer.from('0123456789abcdef'));
const address = (n: number): string => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

describe('client count table', () => {
  it('keeps each client’s count apart while growing far past its first capacity', () => {
    const table = new ClientCountTable(16);
    for (let n = 0; n < 20_000; n += 1) table.add(hash(address(n)), (n % 7) + 1, false);
    assert.equal(table.size, 20_000);
    for (let n = 0; n < 20_000; n += 1) assert.equal(table.count(hash(address(n))), (n % 7) + 1, address(n));
    assert.equal(table.count(hash('192.0.2.1')), 0);
    table.add(hash('192.0.2.1'), 70_000, false);
    assert.equal(table.count(hash('192.0.2.1')), 0xffff, 'a count saturates rather than wrapping to a small number');
  });

  it('reads and adds through one slot as count and add do, the slot starting at 0 for a new client', () => {
    const table = new ClientCountTable(16);
    for (let n = 0; n < 5_000; n += 1) {
      const slot = table.slot(hash(address(n)));
      assert.equal(table.countAt(slot), 0);
      assert.equal(table.addAt(slot, (n % 5) + 1, true), (n % 5) + 1);
    }
    for (let n = 0; n < 5_000; n += 1) assert.equal(table.count(hash(address(n))), (n % 5) + 1, address(n));
    assert.equal(table.takeUnsaved().length, 5_000 * 3, 'every slot added through is in the next flush');
  });

  it('gives distinct 64-bit keys to a million sequential addresses, and other keys under another seed', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 1_000_000; n += 1) {
      const { hi, lo } = hash(address(n));
      seen.add(`${hi}:${lo}`);
    }
    assert.equal(seen.size, 1_000_000);
    const other = clientHasher(Buffer.from('fedcba9876543210'));
    assert.notDeepEqual(other('192.0.2.1'), hash('192.0.2.1'));
  });

  it('hands out unsaved counts once, survives growth with them, and takes back a failed write', () => {
    const table = new ClientCountTable(4);
    table.add(hash('192.0.2.1'), 5, false); // replayed: saved already
    table.add(hash('192.0.2.1'), 2, true);
    for (let n = 0; n < 100; n += 1) table.add(hash(address(n)), 1, true); // grows several times
    const records = table.takeUnsaved();
    assert.equal(records.length, 101 * 3);
    const { hi, lo } = hash('192.0.2.1');
    const own = [...Array(records.length / 3).keys()].find((i) => records[i * 3] === hi && records[i * 3 + 1] === lo)!;
    assert.equal(records[own * 3 + 2], 2, 'only what was counted since the replay');
    assert.equal(table.takeUnsaved().length, 0);
    table.restoreUnsaved(records);
    assert.equal(table.takeUnsaved().length, 101 * 3);
    assert.equal(table.count(hash('192.0.2.1')), 7, 'counts are not changed by taking or restoring');
  });

  it('adds replayed records to the counts without marking them unsaved', () => {
    const source = new ClientCountTable();
    source.add(hash('192.0.2.7'), 3, true);
    const replayed = new ClientCountTable();
    replayed.addSaved(source.takeUnsaved());
    replayed.addSaved(new Uint32Array([hash('192.0.2.7').hi, hash('192.0.2.7').lo, 4]));
    assert.equal(replayed.count(hash('192.0.2.7')), 7);
    assert.equal(replayed.takeUnsaved().length, 0);
  });
});
