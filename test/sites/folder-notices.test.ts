// A site's folder followed by the kernel's change notices: an edit in place, a file added, a file in a
// directory made after following began and an edit in a folder renamed into the followed one's place
// are each noticed, over real folders; and the sites' notices say which sites they follow (the
// registry looks at the others while asked for, as before, and hears why a watch failed) and which
// were noticed changing since when.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { folderNotices } from '../../src/app/sites/folder-notices.ts';
import { siteNotices } from '../../src/app/sites/site-notices.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentsite-notices-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function folder(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, 'pages'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.yaml'), 'brandName: Verto\n');
  fs.writeFileSync(path.join(dir, 'pages', 'about.md'), '# About\n');
  return dir;
}

/** Resolves once `seen()` is true; fails after two seconds. */
async function until(seen: () => boolean, what: string): Promise<void> {
  const limit = Date.now() + 2000;
  while (!seen()) {
    if (Date.now() > limit) assert.fail(`not noticed within 2 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('folder notices', { skip: process.platform !== 'linux' && 'notices are followed on Linux only' }, () => {
  it('notices an edit in place, a file added, and a file in a directory made after following began', async () => {
    const dir = folder('edits');
    let notices = 0;
    const followed = folderNotices(dir, () => (notices += 1));
    after(() => followed.close());
    assert.equal(followed.following, true);
    const changes: [string, () => void][] = [
      ['an edit in place', () => fs.appendFileSync(path.join(dir, 'pages', 'about.md'), 'More.\n')],
      ['a file added', () => fs.writeFileSync(path.join(dir, 'pages', 'team.md'), '# Team\n')],
      ['a directory made', () => fs.mkdirSync(path.join(dir, 'case-studies'))],
      ['a file in that directory', () => fs.writeFileSync(path.join(dir, 'case-studies', 'wick.md'), '# Wick\n')],
    ];
    for (const [what, change] of changes) {
      const before = notices;
      change();
      await until(() => notices > before, what);
    }
    followed.close();
    const closed = notices;
    fs.appendFileSync(path.join(dir, 'site.yaml'), 'x: 1\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(notices, closed, 'nothing once closed');
  });

  it('follows a folder renamed into the place of the one it followed, as an import publishes one', async () => {
    const dir = folder('swapped');
    let notices = 0;
    const followed = folderNotices(dir, () => (notices += 1));
    after(() => followed.close());
    const next = folder('swapped-next');
    fs.renameSync(dir, path.join(root, 'swapped-old'));
    fs.renameSync(next, dir);
    await until(() => notices > 0, 'the folder swapped');
    // The directories are watched anew once the notice's turn is over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = notices;
    fs.appendFileSync(path.join(dir, 'pages', 'about.md'), 'Edited in the new folder.\n');
    await until(() => notices > before, 'an edit in the folder now in its place');
    assert.equal(followed.following, true);
  });

  it('says which sites notices follow, and which were noticed changing since when', async () => {
    let clock = 1000;
    const failures: [string, string][] = [];
    const sites = siteNotices(
      (key, reason) => failures.push([key, reason]),
      () => clock,
    );
    after(() => sites.close());
    const dir = folder('looks');
    sites.follow('verto', dir);
    sites.follow('gone', path.join(root, 'no-such-folder'));
    const notAFolder = path.join(root, 'a-file');
    fs.writeFileSync(notAFolder, 'not a folder\n');
    sites.follow('file', notAFolder);
    assert.equal(sites.following('verto'), true);
    assert.equal(sites.following('gone'), false, 'a folder that cannot be watched is looked at as before');
    assert.equal(sites.following('file'), false);
    // Why is said where an operator can act on it; a folder that is gone goes with its site, unsaid.
    assert.deepEqual(
      failures.map(([key]) => key),
      ['file'],
    );
    assert.match(failures[0]![1], /ENOTDIR/);
    assert.deepEqual(sites.noticedSince(0), ['file'], 'a folder whose watch failed is looked at once at once');
    clock = 2000;
    fs.writeFileSync(path.join(dir, 'pages', 'new.md'), '# New\n');
    await until(() => sites.noticedSince(1500).includes('verto'), 'a file added');
    assert.deepEqual(sites.noticedSince(2500), [], 'not once the looks since the notice are past');
    sites.stop('verto');
    assert.equal(sites.following('verto'), false, 'no longer followed: looked at when asked for');
  });
});
