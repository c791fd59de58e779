import type { ExportChoice } from '../export-formats';
import { exportChoice } from '../export-formats';

/**
 * An export menu as a select dressed as a button: picking a choice starts that export and the
 * select falls back to its label, so the same choice can be picked again.
 */
export function ExportSelect(props: {
  className: string;
  label: string;
  placeholder: string;
  choices: readonly ExportChoice[];
  busy: boolean;
  start: (choice: ExportChoice) => void;
}) {
  return (
    <select
      className={props.className}
      aria-label={props.label}
      value=""
      disabled={props.busy}
      onChange={(e) => {
        const choice = exportChoice(e.target.value);
        e.target.value = '';
        if (choice) props.start(choice);
      }}
    >
      <option value="">{props.placeholder}</option>
      {props.choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
