import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLinkLike, printableVisitorText } from '../../src/domain/text/visitor-text.ts';

describe('what a visitor typed, in a document in the carrier’s name (issue 52)', () => {
  it('finds what a reader’s software makes a link of: a scheme, www., an e-mail address, a domain name', () => {
    for (const text of ['https://paiement.example', 'sur http://x', 'www.paiement', 'moi@exemple.org', 'paiement-securise.example', 'x.fr'])
      assert.equal(isLinkLike(text), true, text);
    for (const text of ['3 Place Bellecour 69002 Lyon', 'Bât. A', 'Saint-Étienne', 'Canapé 3 places', 'M. Dupont'])
      assert.equal(isLinkLike(text), false, text);
  });

  it('prints an ordinary text exactly as typed, and a text holding a link or a hidden character on one line with its link-like words replaced', () => {
    // Exactly as typed: the devis of an ordinary booking, and its hash, do not change.
    for (const text of ['3 Place Bellecour 69002 Lyon', 'Jean-Pierre  Martin', 'Armoire normande (démontée)'])
      assert.equal(printableVisitorText(text), text);
    assert.equal(
      printableVisitorText('3 Place Bellecour\nVotre acompte sur https://paiement.example/acompte'),
      '3 Place Bellecour Votre acompte sur …',
    );
    assert.equal(printableVisitorText('Marie\u202e moc.elpmaxe@tnemeiap'), 'Marie …');
    assert.equal(printableVisitorText('a'.repeat(2000)), 'a'.repeat(2000));
  });
});
