/** The camera types a project can be created with (SPEC §3). */
export const CAMERA_TYPES = [
  { value: 'dji-mavic-3-pro-series', label: 'DJI Mavic 3 Pro Series' },
  { value: 'dji-mavic-mini-3-pro', label: 'DJI Mini 3 Pro' },
  { value: 'dji-mavic-mini-4-pro', label: 'DJI Mini 4 Pro' },
] as const;

export const CAMERA_TYPE_VALUES = CAMERA_TYPES.map((c) => c.value) as [string, ...string[]];

export const cameraTypeLabel = (value: string) => CAMERA_TYPES.find((c) => c.value === value)?.label ?? value;
