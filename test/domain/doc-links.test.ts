// The README and the guides link only what a clone holds (issue 40): every relative link and
// image leads to a file of the repository, and every #fragment to a heading of its page. No
// browser, no build: the Markdown is read as text. External addresses are not followed.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCUMENTS = [
  'README.md',
  'server/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link and image targets: `[text](target)` and `![alt](target "title")`. */
function targets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('issue 40: the README and the guides link only what the repository holds', () => {
  it('has a README under 200 lines that links the four guides', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.ok(readme.split('\n').length < 200, `README.md: ${readme.split('\n').length} lines`);
    const linked = new Set(targets(readme));
    for (const guide of ['docs/integrators.md', 'server/README.md', 'docs/ARCHITECTURE.md', 'docs/benchmarks.md'])
      assert.ok(linked.has(guide), `README.md does not link ${guide}`);
  });

  for (const document of DOCUMENTS) {
    it(`${document}: every relative link leads to a file of the repository, every #fragment to a heading`, () => {
      const source = path.join(ROOT, document);
      const text = readFileSync(source, 'utf8');
      const broken: string[] = [];
      for (const target of targets(text)) {
        if (isExternal(target)) continue;
        const [file = '', fragment] = target.split('#');
        const resolved = file === '' ? source : path.resolve(path.dirname(source), decodeURIComponent(file));
        if (path.relative(ROOT, resolved).startsWith('..')) {
          broken.push(`${target} (outside the repository)`);
          continue;
        }
        if (!existsSync(resolved)) {
          broken.push(`${target} (no such file)`);
          continue;
        }
        if (fragment && resolved.endsWith('.md') && statSync(resolved).isFile()) {
          if (!anchors(readFileSync(resolved, 'utf8')).has(fragment)) broken.push(`${target} (no such heading)`);
        }
      }
      assert.deepEqual(broken, [], `${document}: broken links`);
    });
  }
});
