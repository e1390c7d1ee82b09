import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { devisSignedAtom, isNewTravelAtom, postedTravelsAtom, savingAtom } from '../../state/booking.atoms.ts';
import { ConfirmDialog } from '../controls/ConfirmDialog.tsx';
import { companyModeAtom } from '../../state/company.atoms.ts';
import { prepareSave, saveAtom } from '../../state/save.atoms.ts';
import { goBackAtom, previousStepAtom } from '../../state/steps.atoms.ts';
import { ActionBar, BusySlot } from '../controls/ActionBar.tsx';
import { BarTotal } from '../controls/BarTotal.tsx';

/**
 * Enregistrer / Mettre à jour ! / Dupliquer (spec §2) in the action bar of either element.
 * What a save does (and which form a refusal opens) is the save action's; this says a copy
 * was made, since the form stays as it was.
 */
export function SaveActions() {
  const saving = useAtomValue(savingAtom);
  const isNew = useAtomValue(isNewTravelAtom);
  const companyMode = useAtomValue(companyModeAtom);
  const posted = useAtomValue(postedTravelsAtom);
  const previous = useAtomValue(previousStepAtom);
  const goBack = useSetAtom(goBackAtom);
  const save = useSetAtom(saveAtom);
  const [said, setSaid] = useState('');
  // A signed devis: say what saving a change undoes before it is undone (issue 55, point 8).
  const signed = useAtomValue(devisSignedAtom);
  const [confirming, setConfirming] = useState(false);
  useEffect(prepareSave, []);

  const saveCopy = async () => {
    const outcome = await save({ duplicate: true });
    if (outcome.kind === 'duplicated')
      setSaid(`Copie enregistrée : réservation n° ${String(outcome.posted.id)}. Le formulaire reste rempli pour la suivante.`);
  };
  const duplicable = isNew && companyMode;
  // A visitor books without paying: the bar says so beside the total, where the eyes are before 'Enregistrer'.
  const note = !companyMode && isNew && posted.length === 0 && !saving;
  return (
    <ActionBar
      onPrevious={previous === null ? null : () => goBack()}
      total={<BarTotal />}
      hint={
        said ? (
          <p className="hint-line" role="status">
            {said}
          </p>
        ) : note ? (
          <p className="bar-note">
            Aucun paiement maintenant
            {/* On a phone the bar keeps two rows: the rest of the sentence is for the eyes of wider screens, and for every screen reader. */}
            <span className="bar-note-more">{'\u00a0'}: le transporteur confirme votre réservation</span>.
          </p>
        ) : null
      }
      twoRows={duplicable}
      extra={
        duplicable &&
        !saving && (
          <button type="button" part="button-secondary" onClick={() => void saveCopy()}>
            Dupliquer
          </button>
        )
      }
    >
      {saving ? (
        <BusySlot label="Enregistrement…" />
      ) : (
        <>
          {posted.length === 0 && (
            <button
              type="button"
              className="primary"
              part="button-primary"
              onClick={() => (!isNew && signed ? setConfirming(true) : void save())}
            >
              {isNew ? 'Enregistrer' : 'Mettre à jour !'}
            </button>
          )}
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title="Votre devis signé sera à signer de nouveau"
          text={`Vous avez signé le devis de cette réservation. Si votre modification change le devis (date, adresses, objets, options ou prix), votre signature ne vaudra plus\u00a0: vous recevrez le nouveau devis par e-mail, à relire et signer. Un acompte déjà réglé reste acquis.`}
          confirm="Enregistrer la modification"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void save();
          }}
        />
      )}
    </ActionBar>
  );
}
