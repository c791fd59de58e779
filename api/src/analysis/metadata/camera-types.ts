/**
 * The camera types a project can be created with. SPEC §3's three values stay valid; the rest
 * cover the drones whose telemetry we parse (analysis/telemetry/drone-model.ts detects the
 * generation from a clip's .SRT, which then wins over the project's choice for that clip), and
 * "Other". `phrase` is what the offline provider writes about the aircraft; none names a brand or
 * model (agencies refuse trademarks), and none claims what the type does not guarantee.
 */
export const CAMERA_TYPES = [
  {
    value: 'dji-mavic-3-pro-series',
    label: 'DJI Mavic 3 series (3, Classic, Pro, Enterprise)',
    phrase: 'Shot on a professional drone with a large-sensor camera',
  },
  { value: 'dji-mavic-mini-3-pro', label: 'DJI Mini 3 / Mini 3 Pro', phrase: 'Shot on a compact sub-250 g drone' },
  { value: 'dji-mavic-mini-4-pro', label: 'DJI Mini 4 Pro', phrase: 'Shot on a compact sub-250 g drone' },
  { value: 'dji-mini-2', label: 'DJI Mini 2 / Mini SE / Mavic Mini', phrase: 'Shot on a compact sub-250 g drone' },
  { value: 'dji-mini-5-pro', label: 'DJI Mini 5 Pro', phrase: 'Shot on a compact drone with a 1-inch sensor' },
  { value: 'dji-mavic-2', label: 'DJI Mavic 2 (Pro, Zoom)', phrase: 'Shot on a foldable prosumer drone' },
  { value: 'dji-air-2s', label: 'DJI Air 2S', phrase: 'Shot on a mid-size drone with a 1-inch sensor' },
  { value: 'dji-air-3', label: 'DJI Air 3 / Air 3S', phrase: 'Shot on a mid-size dual-camera drone' },
  { value: 'dji-avata', label: 'DJI Avata / Avata 2', phrase: 'Shot on a cinewhoop-style FPV drone' },
  { value: 'dji-matrice', label: 'DJI Matrice (enterprise)', phrase: 'Shot on an enterprise drone' },
  { value: 'dji-phantom-4-rtk', label: 'DJI Phantom 4 RTK', phrase: 'Shot on a survey-grade RTK drone' },
  { value: 'other', label: 'Other', phrase: null },
] as const satisfies ReadonlyArray<{ value: string; label: string; phrase: string | null }>;

export type CameraTypeValue = (typeof CAMERA_TYPES)[number]['value'];

export const CAMERA_TYPE_VALUES = CAMERA_TYPES.map((c) => c.value) as [CameraTypeValue, ...CameraTypeValue[]];

export const cameraTypeLabel = (value: string) => CAMERA_TYPES.find((c) => c.value === value)?.label ?? value;

/** The sentence opening the offline description uses for the aircraft, or null (Other, unknown). */
export const cameraTypePhrase = (value: string): string | null => CAMERA_TYPES.find((c) => c.value === value)?.phrase ?? null;
