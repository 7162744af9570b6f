// The page template tag: text is escaped, fragments are not escaped twice, and trustedHtml is the
// only way past it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { concatHtml, html, pageText, trustedHtml } from '../../src/kernel/html-template.ts';

describe('the html template tag', () => {
  it('escapes the five HTML characters of an interpolated string, in text and in attribute values', () => {
    const text = `<a href="x">Tom & Jerry's</a>`;
    assert.equal(
      pageText(html`<p title="${text}">${text}</p>`),
      '<p title="&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;">&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;</p>',
    );
  });

  it('places a fragment, an array of fragments and nested arrays as they are, escaped once', () => {
    const items = ['a&b', '<c>'].map((item) => html`<li>${item}</li>`);
    assert.equal(
      pageText(html`<ul>${items}${[[html`<li>${'"d"'}</li>`]]}</ul>`),
      '<ul><li>a&amp;b</li><li>&lt;c&gt;</li><li>&quot;d&quot;</li></ul>',
    );
    assert.equal(pageText(concatHtml(html`<b>${'1<2'}</b>`, html`<i>${'&'}</i>`)), '<b>1&lt;2</b><i>&amp;</i>');
  });

  it('writes numbers and leaves out undefined, null and booleans', () => {
    assert.equal(pageText(html`${0}|${12.5}|${undefined}|${null}|${false}|${true}`), '0|12.5||||');
  });

  it('lets markup through only when marked as trusted', () => {
    assert.equal(
      pageText(html`<div>${trustedHtml('<svg></svg>')}${'<svg></svg>'}</div>`),
      '<div><svg></svg>&lt;svg&gt;&lt;/svg&gt;</div>',
    );
  });

  it('gives a primitive string for a reply, and refuses a Promise placed in a template', () => {
    assert.equal(typeof pageText(html`<p>x</p>`), 'string');
    assert.throws(() => html`<p>${Promise.resolve('late')}</p>`, /await it first/);
  });
});
