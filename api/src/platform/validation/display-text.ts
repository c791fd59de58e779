import { z } from 'zod';

/**
 * Bidirectional-text controls (embeddings and overrides U+202A-202E, isolates U+2066-2069): in a
 * name they reorder what people see, so `x\u202Egpj.srt` reads as `xtrs.jpg`. No file, project
 * or token name needs them; they are refused, by this one rule, wherever such a name comes in.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export const hasBidiControl = (text: string): boolean => BIDI_CONTROL.test(text);

/** The refusal, naming what was refused: "Project name must not contain bidirectional text controls". */
export const bidiControlMessage = (what: string) => `${what} must not contain bidirectional text controls (U+202A-202E, U+2066-2069)`;

/** A zod refinement for a name field: `.refine(...noBidiControls('Project name'))`. */
export const noBidiControls = (what: string) => [(text: string) => !hasBidiControl(text), bidiControlMessage(what)] as const;

/** A required display name (project, API token): trimmed, not empty, at most `max` characters, no bidi controls. */
export const displayName = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(...noBidiControls(what));
