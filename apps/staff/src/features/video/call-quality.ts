/**
 * Bandwidth adaptation of the doctor's side of a call (issue 13 Build 1: 'On a weak connection the
 * call stays up at a lower quality, instead of freezing'). Audio is kept first: a fixed bitrate at
 * high priority; the video gets what the link has left after it, steps down on loss, and sends a
 * smaller picture when the bitrate is low.
 */

/** Opus voice at a steady rate; never reduced. */
export const AUDIO_MAX_BITRATE = 48_000;
/** The video ceiling (a desk camera at up to 1280×720) and floor. */
export const VIDEO_MAX_BITRATE = 1_000_000;
export const VIDEO_MIN_BITRATE = 100_000;
/** The ceiling a call starts at, before the link is measured (a phone on mobile data is the other end). */
export const VIDEO_START_BITRATE = 600_000;
/** How often the link is measured. */
export const BANDWIDTH_SAMPLE_MS = 4_000;

/** What one getStats() sample tells about the link. */
export type LinkSample = {
  /** candidate-pair availableOutgoingBitrate (bits/s), when the browser estimates it. */
  availableOutgoingBitrate: number | null;
  /** remote-inbound-rtp fractionLost of the video (0..1), as the patient's side reports it. */
  fractionLost: number | null;
};

/**
 * The next video bitrate ceiling: down by 30% on more than 10% loss, up by 15% on less than 2%, never
 * above 85% of what the link is estimated to carry after the audio; within the floor and ceiling.
 * @param current - the ceiling now (bits/s)
 * @param sample - the link now
 */
export function nextVideoBitrate(current: number, sample: LinkSample): number {
  let next = current;
  if (sample.fractionLost !== null) {
    if (sample.fractionLost > 0.1) {
      next = current * 0.7;
    } else if (sample.fractionLost < 0.02) {
      next = current * 1.15;
    }
  }
  if (sample.availableOutgoingBitrate !== null && sample.availableOutgoingBitrate > 0) {
    next = Math.min(next, (sample.availableOutgoingBitrate - AUDIO_MAX_BITRATE) * 0.85);
  }
  return Math.round(Math.min(VIDEO_MAX_BITRATE, Math.max(VIDEO_MIN_BITRATE, next)));
}

/**
 * How much smaller than the camera's picture the video is sent at a bitrate: full size from 500 kbit/s,
 * half below it, a quarter below 200 kbit/s (a sharp small picture beats a blurred large one).
 * @param bitrate - the video ceiling (bits/s)
 */
export function scaleDownFor(bitrate: number): number {
  if (bitrate < 200_000) {
    return 4;
  }
  return bitrate < 500_000 ? 2 : 1;
}

/**
 * Whether a new ceiling differs enough from the current one to re-tune the sender (more than 10%).
 * @param current - the ceiling now
 * @param next - the ceiling measured
 */
export function worthRetuning(current: number, next: number): boolean {
  return Math.abs(next - current) / current > 0.1;
}

/**
 * Reads a getStats() report into a link sample.
 * @param report - RTCPeerConnection.getStats()
 */
export function linkSample(report: RTCStatsReport): LinkSample {
  let availableOutgoingBitrate: number | null = null;
  let fractionLost: number | null = null;
  report.forEach((stat: Record<string, unknown>) => {
    if (stat.type === 'candidate-pair' && stat.nominated === true && typeof stat.availableOutgoingBitrate === 'number') {
      availableOutgoingBitrate = stat.availableOutgoingBitrate;
    }
    if (stat.type === 'remote-inbound-rtp' && stat.kind === 'video' && typeof stat.fractionLost === 'number') {
      fractionLost = stat.fractionLost;
    }
  });
  return { availableOutgoingBitrate, fractionLost };
}
