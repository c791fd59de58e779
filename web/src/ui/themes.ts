/** The two themes of styles/theme.css (SPEC §1), as the account page offers them. */
export const THEMES = [
  { value: 'web3', label: 'Web 3.0', description: 'Glassmorphism with neon accents' },
  { value: 'minimalist', label: 'Minimalist', description: 'Clean neutral colours' },
] as const;
export type ThemeName = (typeof THEMES)[number]['value'];
