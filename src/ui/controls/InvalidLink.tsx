import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { startNewRequestAtom } from '../../state/link.atoms.ts';
import { Icon } from './icons.tsx';

/** A wrong or expired edit link: a French message and a way back, not an empty form (UX §6.2). */
export function InvalidLink() {
  const startNew = useSetAtom(startNewRequestAtom);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="invalid-link" aria-labelledby="invalid-link-title">
      <h2 id="invalid-link-title" className="panel-title" tabIndex={-1} ref={heading} part="panel-title">
        Lien de modification
      </h2>
      <div className="banner banner-error" role="alert" part="banner">
        <Icon name="warning" />
        <p className="banner-body">Ce lien de modification n’est plus valide&nbsp;: il a expiré ou il est incomplet.</p>
      </div>
      <p>Vérifiez le lien reçu après votre réservation, ou faites une nouvelle demande.</p>
      <button type="button" className="primary" part="button-primary" onClick={() => startNew()}>
        Faire une nouvelle demande
      </button>
    </section>
  );
}
