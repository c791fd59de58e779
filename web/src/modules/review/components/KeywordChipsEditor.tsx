import { useState, type KeyboardEvent } from 'react';
import { duplicateKeywords, keywordCapProblem, MAX_KEYWORDS, parseKeywords, storedKeywordCount } from '../../project-detail/result-shape';

/**
 * A set's keywords as chips in the grid: each removable, new ones typed (commas or Enter add
 * them), the count against SPEC's 30 and repeats named as the per-set editor does.
 */
export function KeywordChipsEditor({ keywords, onChange }: { keywords: string[]; onChange(next: string[]): void }) {
  const [typed, setTyped] = useState('');
  const add = (text: string) => {
    const more = parseKeywords(text);
    if (more.length) onChange([...keywords, ...more]);
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter with text adds it (the grid's Enter would save); an empty Enter saves as usual.
    if (e.key === 'Enter' && typed.trim()) {
      e.preventDefault();
      e.stopPropagation();
      add(typed);
    }
  };
  const count = storedKeywordCount(keywords);
  const over = keywordCapProblem(count);
  const repeats = duplicateKeywords(keywords);
  return (
    <div className="rv-chips-editor">
      <ul className="rv-chips" aria-label="Keywords">
        {keywords.map((k, i) => (
          <li key={`${i}:${k}`} className="rv-chip">
            {k}
            <button type="button" aria-label={`Remove ${k}`} onClick={() => onChange(keywords.filter((_, j) => j !== i))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        autoFocus
        className="rv-input rv-chip-input"
        aria-label="Add keywords"
        placeholder="Add keywords, comma-separated"
        value={typed}
        onChange={(e) => {
          const v = e.target.value;
          if (v.endsWith(',')) add(v);
          else setTyped(v);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => typed.trim() && add(typed)}
      />
      <p className={`small ${over ? 'error-text' : 'muted'}`} data-testid="grid-keyword-count">
        {over ?? `${count}/${MAX_KEYWORDS} keywords`}
        {repeats.length > 0 && ` · repeated: ${repeats.map(([k]) => `'${k}'`).join(', ')}`}
      </p>
    </div>
  );
}
