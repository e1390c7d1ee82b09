// The theming contract (UX §2.1, §8): every public token the shadow CSS reads, and every part,
// is listed in custom-elements.json with its default, and nothing listed is missing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support.ts';

const css = readFileSync(path.join(ROOT, 'src/ui/styles.css'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8'));
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [path.join(dir, entry.name)] : [],
  );
}

const declarations = manifest.modules.flatMap((module) => module.declarations).filter((declaration) => declaration.customElement);

describe('custom-elements.json documents the theming contract', () => {
  it('the shadow CSS never declares a --tqw-* itself: a host value always wins', () => {
    assert.deepEqual(css.match(/^\s*--tqw-[\w-]+\s*:/gm) ?? [], []);
  });

  for (const declaration of declarations) {
    it(`${declaration.tagName}: every --tqw-* read by the CSS is listed with its default, and only those`, () => {
      const read = new Set([...css.matchAll(/var\((--tqw-[\w-]+)/g)].map((match) => match[1]));
      const listed = new Set(declaration.cssProperties.map((property) => property.name));
      assert.deepEqual([...listed].sort(), [...read].sort());
      for (const property of declaration.cssProperties) {
        assert.ok(property.default && property.description, `${property.name} sans valeur par défaut ni description`);
      }
    });

    it(`${declaration.tagName}: every listed part is written in the interface`, () => {
      const partValues = sourceFiles(path.join(ROOT, 'src/ui'))
        .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/part=(?:"([^"]+)"|\{([^}]+)\})/g)])
        .flatMap((match) =>
          (match[1] ?? [...match[2].matchAll(/'([^']+)'|"([^"]+)"/g)].map((inner) => inner[1] ?? inner[2]).join(' ')).split(/\s+/),
        );
      const written = new Set(partValues.filter(Boolean));
      for (const part of declaration.cssParts) {
        assert.ok(part.description, `${part.name} sans description`);
        assert.ok(written.has(part.name), `${part.name} n’est écrit nulle part`);
      }
    });
  }
});
