/**
 * Types of the DJI .SRT telemetry parser and of the track summary.
 *
 * Units: metres, metres per second, degrees, seconds. `null` always means "not in the file" (or not
 * meaningful, such as a position before GPS lock), never zero.
 */

/** Which of the known DJI subtitle layouts an entry (and, by majority, a file) was written in. */
export type SrtFormat =
  /** `[key: value]` brackets (Mavic 2/3, Air 2S, Mini 3/4/5, Neo, Matrice 30/3T, ...). */
  | 'bracket'
  /** Legacy 3-line `HOME(lon,lat) date` / `GPS(lon,lat,sats) BAROMETER:` / `ISO:.. Shutter:..` (Mavic Pro, Phantom 4). */
  | 'legacy'
  /** One line of comma-separated fields: `F/2.8, SS 30.15, ISO 260, EV -1.7, GPS (lon, lat, sats), D .., H ..` (Mavic Mini, Phantom 4 RTK). */
  | 'compact'
  /** Matrice 300 style `date` / `GPS(lat,lon,altM) BAROMETER:xM` (latitude first). */
  | 'matrice'
  /** Nothing recognised. */
  | 'unknown';

/** Camera exposure and lens settings of one frame. */
export interface CameraSettings {
  /** ISO sensitivity, e.g. 100. */
  iso: number | null;
  /** Shutter speed as conventionally written, e.g. `"1/8000"`, or `"2s"` for long exposures. */
  shutter: string | null;
  /** Exposure time in seconds, e.g. 0.000125 for 1/8000. */
  shutterSeconds: number | null;
  /** Aperture f-number, e.g. 2.8 (older firmware writes 280: that is divided by 100 here). */
  fnum: number | null;
  /** Exposure compensation in EV stops, e.g. -0.7. */
  ev: number | null;
  /** Focal length in mm as DJI writes it (35 mm equivalent on most models; older firmware's tenths of mm are divided by 10). */
  focalLength: number | null;
  /** Digital zoom ratio, 1 = none (DJI's `dzoom_ratio: 10000` is 1.0). */
  digitalZoom: number | null;
  /** Colour profile, e.g. `"default"`, `"dlog_m"`, `"hlg"`. */
  colorMode: string | null;
  /** White balance colour temperature in kelvin (`ct`). */
  colorTemperature: number | null;
}

/** One subtitle entry (usually one video frame, or one second on older drones). */
export interface TelemetrySample {
  /** Index written before the timecode (1-based); the running position when the file has none. */
  index: number;
  /** Start of the subtitle, seconds from the start of the video (from the SRT timecode). */
  time: number;
  /** End of the subtitle, seconds from the start of the video, or null when the timecode has none. */
  endTime: number | null;
  /**
   * Date and time the drone wrote, as local wall-clock time WITHOUT a zone, in ISO form
   * `YYYY-MM-DDTHH:mm:ss.sss`. DJI writes the controller's local time; use the summary's `utcStart`
   * for an instant. Null when the format has no date (Mavic Mini, Phantom 4 RTK).
   */
  localTime: string | null;
  /** Latitude in degrees (WGS84), or null when there is no fix (absent, or 0,0 before GPS lock). */
  lat: number | null;
  /** Longitude in degrees (WGS84), or null when there is no fix. */
  lon: number | null;
  /** Height above the take-off point in metres (`rel_alt`, `BAROMETER`, `Hb`, `H`); may be negative. */
  relAlt: number | null;
  /** Altitude in metres as the drone reports it absolutely (`abs_alt`, `altitude`); may be negative (ellipsoid / mis-set). */
  absAlt: number | null;
  /** Horizontal (ground) speed in m/s reported by the drone (`H.S`, or the norm of `drone_speedx/y`). */
  hSpeed: number | null;
  /** Vertical speed in m/s reported by the drone, positive up (`V.S`, or `-drone_speedz`). */
  vSpeed: number | null;
  /** Aircraft heading (yaw) in degrees clockwise from north, in [0, 360), when reported (`drone_yaw`, `F.PRY`). */
  yaw: number | null;
  /** Aircraft pitch in degrees, when reported. */
  pitch: number | null;
  /** Aircraft roll in degrees, when reported. */
  roll: number | null;
  /** Gimbal (camera) heading in degrees clockwise from north, in [0, 360), when reported (`gb_yaw`, `G.PRY`). */
  gimbalYaw: number | null;
  /** Gimbal pitch in degrees; 0 = horizon, -90 = straight down. */
  gimbalPitch: number | null;
  /** Gimbal roll in degrees. */
  gimbalRoll: number | null;
  /** Number of GPS satellites, when written (older formats). */
  satellites: number | null;
  /** Horizontal distance from the home point in metres (`D`), when reported. */
  distanceFromHome: number | null;
  /** Home (take-off) point, when the entry carries it (`HOME(lon,lat)`). */
  home: { lat: number; lon: number } | null;
  /** Camera settings of this frame. */
  camera: CameraSettings;
  /** Layout this entry was recognised as. */
  format: SrtFormat;
  /**
   * True when the entry carries DJI's 0,0 "no fix yet" coordinates: written before GPS lock, when its
   * altitude is also a placeholder (0), so the track cleaner leaves the whole entry out.
   */
  preLock?: boolean;
}

/** Result of parsing one .SRT file. Never thrown: problems are reported in `warnings`. */
export interface Telemetry {
  /** Parsed entries in file order (including those without a fix). */
  samples: TelemetrySample[];
  /** Majority layout of the entries. */
  format: SrtFormat;
  /** Human-readable notes on anything skipped or odd (unparseable entries, pre-lock 0,0 points, ...). */
  warnings: string[];
  /**
   * Largest number of decimals seen in a coordinate (4 on Mavic Pro, 6 on modern drones), or null
   * without coordinates. 4 decimals is ~11 m of quantisation, which the motion rules allow for.
   */
  coordinateDecimals: number | null;
  /**
   * Entries in the file. Equal to `samples.length` unless the file is longer than the parser's
   * kept-track bound, when `samples` is an evenly thinned track (first and last included).
   */
  entryCount?: number;
}

/** A WGS84 position. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** Summary of the camera settings across the clip. */
export interface CameraSummary {
  /** Lowest ISO used. */
  isoMin: number | null;
  /** Highest ISO used. */
  isoMax: number | null;
  /** Most frequent shutter speed, e.g. `"1/100"`. */
  shutter: string | null;
  /** Most frequent f-number. */
  fnum: number | null;
  /** Most frequent exposure compensation. */
  ev: number | null;
  /** Most frequent focal length in mm (as written by DJI). */
  focalLength: number | null;
  /** Largest digital zoom ratio used (1 = none). */
  digitalZoomMax: number | null;
  /** Most frequent colour profile, e.g. `"dlog_m"`. */
  colorMode: string | null;
  /** Median white-balance colour temperature in kelvin. */
  colorTemperature: number | null;
}

/** Figures a caller needs from a parsed track, all derived from real fixes only. */
export interface TrackSummary {
  /** Number of subtitle entries parsed. */
  sampleCount: number;
  /** Number of entries with a valid GPS fix (0,0 pre-lock points excluded). */
  fixCount: number;
  /** True when at least one valid fix exists. */
  hasGps: boolean;
  /** First valid fix (the take-off / start position of the clip). */
  firstFix: LatLon | null;
  /** Last valid fix. */
  lastFix: LatLon | null;
  /** Centre of the bounding box of all fixes (robust to where the drone lingered). */
  centre: LatLon | null;
  /** Arithmetic mean of all fixes (weighted by time spent). */
  meanPosition: LatLon | null;
  /** Bounding box of the fixes. */
  bbox: { minLat: number; minLon: number; maxLat: number; maxLon: number } | null;
  /**
   * Size in metres of one step of the coordinates as written (~11 m for 4 decimals, ~0.1 m for 6), or
   * null when unknown (a bare sample list). Motion rules never read movement smaller than this.
   */
  positionPrecision: number | null;
  /**
   * Which altitude series `altitudeMin/Max/Start/End` and `climb` use: relative (height above take-off,
   * preferred) or absolute, or null when the file has neither.
   */
  altitudeReference: 'relative' | 'absolute' | null;
  /** Lowest altitude in metres, in `altitudeReference`. */
  altitudeMin: number | null;
  /** Highest altitude in metres, in `altitudeReference`. */
  altitudeMax: number | null;
  /** Altitude at the start of the clip, metres. */
  altitudeStart: number | null;
  /** Altitude at the end of the clip, metres. */
  altitudeEnd: number | null;
  /** Median altitude, metres (a robust "typical height" of the shot). */
  altitudeMedian: number | null;
  /** Net altitude change end - start in metres: positive climbed, negative descended. */
  climb: number | null;
  /** Net climb rate in m/s over the clip (climb / duration). */
  climbRate: number | null;
  /** Lowest height above take-off (relative altitude) in metres, when the file has it. */
  relAltMin: number | null;
  /** Highest height above take-off (relative altitude) in metres, when the file has it. */
  relAltMax: number | null;
  /** Lowest absolute altitude in metres, when the file has it. */
  absAltMin: number | null;
  /** Highest absolute altitude in metres, when the file has it. */
  absAltMax: number | null;
  /** Length of the flown path in metres (haversine, fixes thinned to >= 1 s apart to suppress GPS jitter). */
  distance: number;
  /** Straight-line distance first fix -> last fix, metres. */
  netDisplacement: number;
  /** Average ground speed in m/s: distance / time between the first and last fix. */
  avgGroundSpeed: number | null;
  /** Highest ground speed in m/s: the drone's own reported speed when the file has one, else from positions over >= 2 s windows. */
  maxGroundSpeed: number | null;
  /**
   * Initial heading in degrees clockwise from north: bearing from the first fix to the first fix at
   * least `HEADING_MIN_MOVE_M` away (the direction the drone set off). Null if it never moved that far.
   */
  initialHeading: number | null;
  /** Net heading: bearing from the first fix to the last fix, or null when they are closer than `HEADING_MIN_MOVE_M`. */
  netHeading: number | null;
  /** Aircraft yaw at the start, degrees, when reported (where the nose pointed). */
  startYaw: number | null;
  /** Gimbal heading at the start, degrees, when reported (where the camera pointed). */
  startGimbalYaw: number | null;
  /** Median gimbal pitch in degrees (-90 = straight down), when reported. */
  gimbalPitchMedian: number | null;
  /** Clip duration in seconds from the SRT timecodes (first start -> last end). */
  duration: number;
  /** Local wall-clock start as written by the drone (`YYYY-MM-DDTHH:mm:ss.sss`, no zone), or null. */
  localStart: string | null;
  /** Local wall-clock end as written by the drone, or null. */
  localEnd: string | null;
  /** IANA time zone at the first fix (e.g. `Europe/Madrid`), or null without a fix. */
  timeZone: string | null;
  /** `localStart` converted to a UTC instant (ISO 8601 with `Z`) using `timeZone`, or null. */
  utcStart: string | null;
  /** `localEnd` converted to UTC, or null. */
  utcEnd: string | null;
  /** Camera settings across the clip. */
  camera: CameraSummary;
  /**
   * Entries left out of every figure above, and why (see clean.ts). Absent on summaries stored
   * before the cleaner existed.
   */
  dropped?: DroppedSamples;
  /**
   * Where the camera looks on the ground, from the gimbal's pitch and heading and the height above
   * take-off at the middle of the clip (flat ground assumed), when the file carries a gimbal and the
   * camera points at least `LOOK_MIN_DOWN_DEG` below the horizon; null otherwise.
   */
  lookAt?: LookAt | null;
  /** Seconds of telemetry the kept entries span (first -> last kept entry): what rates are measured over. */
  telemetrySpan?: number;
}

/** The point the camera looks at, and what it was worked out from. */
export interface LookAt {
  lat: number;
  lon: number;
  /** Horizontal distance from the drone to the point, metres. */
  distanceM: number;
  /** Gimbal pitch used, degrees below the horizon are negative. */
  pitch: number;
  /** Gimbal heading used, degrees from north. */
  yaw: number;
  /** Height above take-off used, metres. */
  height: number;
  /** The drone's position at that moment. */
  from: LatLon;
}

/** What the track cleaner left out of the figures, with counts per reason and the first few entries. */
export interface DroppedSamples {
  /** Entries with 0,0 coordinates before GPS lock (their altitude too). */
  preLock: number;
  /** Entries implying more than the horizontal speed limit from the previous kept entry. */
  horizontalGlitch: number;
  /** Entries implying more than the vertical speed limit from the previous kept entry. */
  verticalGlitch: number;
  /** Entries whose timecode is earlier than the previous kept entry's (the clock jumped back). */
  clockBack: number;
  /** Up to 3 examples per reason, e.g. `entry 12: 312 m in 0.03 s from entry 11 (over 40 m/s)`. */
  examples: string[];
}
