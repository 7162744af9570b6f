// A site's folder followed by the kernel's change notices: an edit in place, a file added and a file
// in a directory made after following began are each noticed, over a real folder; the registry's tick
// then looks at a followed site only once it was noticed changing, and at a site notices do not
// follow (here, one whose folder could not be watched) whenever it is asked for, as before.
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

  it('looks at a followed site once it was noticed changing, and at one notices cannot follow whenever it is asked for', async () => {
    let clock = 1000;
    const sites = siteNotices(() => clock);
    after(() => sites.close());
    const dir = folder('looks');
    sites.follow('verto', dir);
    sites.follow('gone', path.join(root, 'no-such-folder'));
    assert.deepEqual(sites.toLookAt(['verto', 'gone'], 0), ['gone'], 'asked for: only the one not followed');
    clock = 2000;
    fs.writeFileSync(path.join(dir, 'pages', 'new.md'), '# New\n');
    await until(() => sites.toLookAt([], 1500).includes('verto'), 'a file added');
    assert.deepEqual(sites.toLookAt([], 2500), [], 'not once the looks since the notice are past');
    sites.stop('verto');
    assert.deepEqual(sites.toLookAt(['verto'], 0), ['verto'], 'no longer followed: looked at when asked for');
  });
});
