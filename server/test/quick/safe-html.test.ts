// Issue 53: pages that cannot forget to escape. What a customer, a carrier or a request wrote
// is text wherever `html` puts it; only markup `html` made stays markup.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { html, joined, trusted } from '../../pages/html.ts';

const HOSTILE = `<script>alert("x")</script> & l'entrée`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; l&#39;entrée';

describe('html, the tagged template of the server’s pages', () => {
  it('writes a text as text, in an element and in an attribute', () => {
    assert.equal(html`<p title="${HOSTILE}">${HOSTILE}</p>`.text, `<p title="${ESCAPED}">${ESCAPED}</p>`);
  });

  it('keeps the markup it made itself, nested at any depth, and escapes the text inside it once', () => {
    const name = html`<strong>${HOSTILE}</strong>`;
    assert.equal(html`<li>${name}</li>`.text, `<li><strong>${ESCAPED}</strong></li>`);
  });

  it('writes a list one after the other, and nothing for null, undefined or false', () => {
    const items = ['a<b', 'c&d'].map((text) => html`<li>${text}</li>`);
    assert.equal(html`<ul>${items}</ul>${null}${undefined}${false}`.text, '<ul><li>a&lt;b</li><li>c&amp;d</li></ul>');
  });

  it('writes numbers as they are, and a plain string that looks like markup as text', () => {
    assert.equal(html`${1190.5} ${'<b>'}`.text, '1190.5 &lt;b&gt;');
  });

  it('takes markup vouched for by trusted() as it is, and joins markup with a separator', () => {
    assert.equal(html`${trusted('<br>')}`.text, '<br>');
    assert.equal(joined([html`<i>1</i>`, html`<i>2</i>`], html`, `).text, '<i>1</i>, <i>2</i>');
  });

  it('reads as its text where a string is expected (the pages not yet written with it)', () => {
    assert.equal(`${html`<p>${'é'}</p>`}`, '<p>é</p>');
  });
});
