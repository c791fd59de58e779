import { useMutation } from '@apollo/client/react';
import { UpdateThemeMutation } from '../../auth/graphql/session.graphql';
import { THEMES, type ThemeName } from '../../../ui/themes';
import '../account.css';

/** Theme Preferences (SPEC §2): the choice is stored on the server. */
export function ThemePreferences({ current, onError }: { current: ThemeName; onError(message: string): void }) {
  const [updateTheme, { loading }] = useMutation(UpdateThemeMutation);
  return (
    <section className="card">
      <h2>Theme Preferences</h2>
      <p className="muted">
        Current theme: <strong>{THEMES.find((t) => t.value === current)?.label ?? current}</strong>
      </p>
      <div className="theme-options">
        {THEMES.map((t) => (
          <button
            key={t.value}
            type="button"
            className={`theme-option theme-preview-${t.value}${t.value === current ? ' selected' : ''}`}
            aria-pressed={t.value === current}
            disabled={loading}
            onClick={() => updateTheme({ variables: { theme: t.value } }).catch(() => onError('Failed to update theme'))}
          >
            <strong>{t.label}</strong>
            <span className="small">{t.description}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
