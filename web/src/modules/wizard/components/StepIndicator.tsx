export const WIZARD_STEPS = ['Project Details', 'File Upload', 'Verify File Sets', 'Credit Cost'] as const;

/** The four steps of the wizard (SPEC §2), the current one highlighted and the done ones ticked. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="wizard-steps" aria-label="Wizard steps">
      {WIZARD_STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} className={`wizard-step wizard-step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="wizard-step-number">{state === 'done' ? '✓' : n}</span>
            <span className="wizard-step-label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
