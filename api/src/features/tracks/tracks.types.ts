import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('TrackPoint', { description: 'One GPS fix of a flight track.' })
export class TrackPointType {
  @Field(() => Float, { description: 'Seconds from the start of the video (the SRT timecode).' })
  t!: number;
  @Field(() => Date, { nullable: true, description: 'When, in UTC; null when the SRT carries no date.' })
  time!: Date | null;
  @Field(() => Float, { description: 'Latitude in degrees (WGS84).' })
  latitude!: number;
  @Field(() => Float, { description: 'Longitude in degrees (WGS84).' })
  longitude!: number;
  @Field(() => Float, { nullable: true, description: "Altitude in metres, in the track's altitudeReference." })
  altitude!: number | null;
  @Field(() => Float, { nullable: true, description: "Ground speed in m/s (the drone's own when reported, else from the positions)." })
  speed!: number | null;
}

@ObjectType('TrackFrame', { description: 'Where the camera was at one of the frames the analysis looked at.' })
export class TrackFrameType {
  @Field(() => Int, { description: 'Which frame: 1, 2, 3 (at 20 %, 50 % and 80 % of the video).' })
  index!: number;
  @Field(() => Float, { description: 'Seconds from the start of the video.' })
  t!: number;
  @Field(() => Float, { description: 'Latitude of the camera at that frame (WGS84 degrees).' })
  latitude!: number;
  @Field(() => Float, { description: 'Longitude of the camera at that frame (WGS84 degrees).' })
  longitude!: number;
  @Field(() => Float, { nullable: true, description: 'Altitude at that frame in metres (see FileSetTrack.altitudeReference), if recorded.' })
  altitude!: number | null;
}

@ObjectType('TrackDownloads', { description: 'Paths of the track downloads on this API (send the Authorization header).' })
export class TrackDownloadsType {
  @Field({ description: 'GPX 1.1.' })
  gpx!: string;
  @Field({ description: 'KML 2.2.' })
  kml!: string;
  @Field({ description: 'GeoJSON (RFC 7946).' })
  geojson!: string;
}

@ObjectType('FileSetTrack', { description: "A file set's flight track from its SRT: the GPS fixes only (frames before GPS lock are left out)." })
export class FileSetTrackType {
  @Field(() => ID, { description: 'The file set.' })
  fileSetId!: string;
  @Field({ description: 'The shared base filename, e.g. DJI_0001.' })
  baseName!: string;
  @Field({ description: "The set's title, else its base name." })
  title!: string;
  @Field(() => Date, { nullable: true, description: 'Time of the first fix (UTC).' })
  start!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Time of the last fix (UTC).' })
  end!: Date | null;
  @Field(() => String, { nullable: true, description: "'absolute' (the drone's altitude) or 'relative' (height above take-off); null without altitudes." })
  altitudeReference!: string | null;
  @Field(() => Int, { description: 'Number of GPS fixes in the track (points may be thinned to maxPoints).' })
  pointCount!: number;
  @Field(() => [TrackPointType], { description: 'The fixes in time order, at most maxPoints of them (evenly thinned, first and last kept).' })
  points!: TrackPointType[];
  @Field(() => [TrackFrameType], { description: 'Where the camera was at the analysed frames; empty before the set is processed.' })
  frames!: TrackFrameType[];
  @Field(() => TrackDownloadsType, { description: "Where to download this set's track as GPX, KML or GeoJSON." })
  downloads!: TrackDownloadsType;
}
