import { Icon } from '../controls/icons.tsx';

export interface StepEntry {
  key: number;
  label: string;
}

/**
 * Where am I (UX §4.6): the current step with aria-current, done steps as buttons back, later
 * steps as plain text (forward only through Suivant, spec). On narrow widths the labels are
 * visually hidden and one caption says 'Objets · 2 sur 4'.
 */
export function StepIndicator({ steps, current, onBack }: { steps: readonly StepEntry[]; current: number; onBack: (key: number) => void }) {
  const position = steps.findIndex((step) => step.key === current);
  return (
    <nav className="steps" aria-label="Progression de la réservation" part="steps">
      <ol>
        {steps.map((step, index) => {
          const state = index < position ? 'done' : index === position ? 'current' : 'later';
          const circle = (
            <span className="step-circle" aria-hidden="true">
              {state === 'done' ? <Icon name="check" size={16} /> : index + 1}
            </span>
          );
          return (
            <li
              key={step.key}
              className={`step-${state}`}
              part={state === 'done' ? 'step step-done' : state === 'current' ? 'step step-current' : 'step'}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {state === 'done' ? (
                <button type="button" className="step-link" aria-label={`Revenir à : ${step.label}`} onClick={() => onBack(step.key)}>
                  {circle}
                  <span className="step-label">{step.label}</span>
                </button>
              ) : (
                <>
                  {circle}
                  <span className="step-label">{step.label}</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {position >= 0 && (
        <p className="steps-caption" aria-hidden="true">
          {steps[position]!.label} · {position + 1} sur {steps.length}
        </p>
      )}
    </nav>
  );
}
