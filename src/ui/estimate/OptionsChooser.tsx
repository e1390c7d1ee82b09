import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import {
  optionLineLabel,
  optionLineText,
  optionProblems,
  optionTerms,
  type CarrierOption,
  type OptionChoice,
} from '../../domain/options/carrier-options.ts';
import { companyDataAtom } from '../../state/company.atoms.ts';
import { optionLinesAtom } from '../../state/estimate.atoms.ts';
import { chooseOptionAtom, optionChoicesAtom } from '../../state/options.atoms.ts';
import { Field } from '../controls/Field.tsx';
import { usePriceFormatter } from './use-price.ts';

/** '18 000', '18000,50': a number of the visitor's typing; undefined when it is not one. */
function typedNumber(text: string): number | undefined {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return undefined;
  return Number(cleaned);
}

/** One option: its box, what it costs, and, once ticked, its quantity or the value to declare. */
function OptionRow({ option, choice }: { option: CarrierOption; choice: OptionChoice | undefined }) {
  const choose = useSetAtom(chooseOptionAtom);
  const lines = useAtomValue(optionLinesAtom);
  const price = usePriceFormatter();
  const id = useId();
  const [typed, setTyped] = useState(() =>
    option.kind === 'unite' ? String(choice?.quantity ?? 1) : choice?.declared_value !== undefined ? String(choice.declared_value) : '',
  );
  const line = lines.find((candidate) => candidate.id === option.id);
  const problem = choice ? (optionProblems([choice], [option])[0]?.message ?? null) : null;
  const choiceFor = (text: string): OptionChoice => {
    const value = typedNumber(text);
    if (option.kind === 'unite') return { id: option.id, ...(value === undefined ? {} : { quantity: value }) };
    if (option.kind === 'pourcentage') return { id: option.id, ...(value === undefined ? {} : { declared_value: value }) };
    return { id: option.id };
  };
  return (
    <li className="option-row">
      <label className="checkbox">
        <span>
          <input
            type="checkbox"
            checked={choice !== undefined}
            aria-describedby={`${id}-terms`}
            onChange={(event) => choose({ id: option.id, choice: event.target.checked ? choiceFor(typed) : null })}
          />{' '}
          {option.label}
        </span>
      </label>
      <p className="muted option-terms" id={`${id}-terms`}>
        {optionTerms(option)}
        {line && line.amount > 0 && (
          <>
            {' '}
            · <strong>{price.format(line.amount / 100)}</strong>
          </>
        )}
      </p>
      {choice && (option.kind === 'unite' || option.kind === 'pourcentage') && (
        <Field
          label={option.kind === 'unite' ? `Quantité (${option.label})` : `Valeur déclarée de vos biens (${option.label})`}
          help={option.kind === 'unite' ? `De 1 à ${option.max_quantity}` : 'En euros, ce que vaut ce qui est transporté'}
          error={problem}
        >
          <input
            type="text"
            inputMode={option.kind === 'unite' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              choose({ id: option.id, choice: choiceFor(event.target.value) });
            }}
          />
        </Field>
      )}
    </li>
  );
}

/**
 * The carrier's options on the estimate (issue 45): each with its terms and, once chosen, its
 * price as the quote gives it. Only the choice leaves the page; the server prices it.
 */
export function OptionsChooser() {
  const offered = useAtomValue(companyDataAtom).options;
  const choices = useAtomValue(optionChoicesAtom);
  if (offered.length === 0) return null;
  return (
    <fieldset className="card options">
      <legend>Options du transporteur</legend>
      <ul className="option-list">
        {offered.map((option) => (
          <OptionRow key={option.id} option={option} choice={choices.find((choice) => choice.id === option.id)} />
        ))}
      </ul>
    </fieldset>
  );
}

/** The options chosen, one price line each, as the recap lists transport and handling. */
export function OptionLines() {
  const lines = useAtomValue(optionLinesAtom);
  const price = usePriceFormatter();
  return (
    <>
      {lines.map((line) => (
        <span key={line.id} className="price-line">
          <span>{optionLineLabel(line)}</span>
          <span>{price.format(line.amount / 100)}</span>
        </span>
      ))}
    </>
  );
}

/** The options chosen as a term of a definition list (the success panel's facts); nothing without any. */
export function OptionsFact() {
  const lines = useAtomValue(optionLinesAtom);
  const price = usePriceFormatter();
  if (lines.length === 0) return null;
  return (
    <>
      <dt>Options</dt>
      <dd>
        <ul className="option-fact-list">
          {lines.map((line) => (
            <li key={line.id}>{optionLineText(line, (cents) => price.format(cents / 100))}</li>
          ))}
        </ul>
      </dd>
    </>
  );
}

/**
 * What the price covers and what it does not (issue 45, item 4), in one short list: transport
 * and handling, each option taken, then each option of the carrier not taken.
 */
export function OptionsCoverage() {
  const offered = useAtomValue(companyDataAtom).options;
  const lines = useAtomValue(optionLinesAtom);
  if (offered.length === 0) return null;
  const taken = new Set(lines.map((line) => line.id));
  const left = offered.filter((option) => !taken.has(option.id));
  return (
    <ul className="coverage-list" aria-label="Ce que comprend le prix">
      <li className="covered">
        Compris{'\u00a0'}: transport, manutention{lines.map((line) => `, ${line.label.toLowerCase()}`).join('')}
      </li>
      {left.length > 0 && (
        <li className="not-covered">
          Non compris{'\u00a0'}: {left.map((option) => option.label.toLowerCase()).join(', ')}
        </li>
      )}
    </ul>
  );
}
