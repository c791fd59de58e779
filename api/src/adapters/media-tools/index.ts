export { probeVideo, MediaUnreadableError, type VideoProbe } from './probe.js';
export { extractFrames, FRAME_POSITIONS } from './frames.js';
export {
  analyseImage,
  combineAnalyses,
  classifyPixel,
  colorName,
  toJpegDataUrl,
  type ImageAnalysis,
  type PixelClasses,
  type RegionAnalysis,
} from './image-analysis.js';
