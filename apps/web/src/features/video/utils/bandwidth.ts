/**
 * Bandwidth adaptation of the patient's call (issue 13 Build 1: 'On a weak connection the call stays
 * up at a lower quality, instead of freezing'). Audio is kept first: it has a fixed bitrate and high
 * priority, and video gets what is left of the estimated link, stepping down on loss.
 */

/** Opus voice at a steady rate; never reduced. */
export const AUDIO_MAX_BITRATE = 48_000;
/** The video ceiling (640×480 at about 24 fps) and floor. */
export const VIDEO_MAX_BITRATE = 800_000;
export const VIDEO_MIN_BITRATE = 100_000;
/** How often the link is measured. */
export const BANDWIDTH_SAMPLE_MS = 4_000;

/** What one getStats() sample tells about the link. */
export type LinkSample = {
  /** candidate-pair availableOutgoingBitrate (bits/s), when the browser estimates it. */
  availableOutgoingBitrate: number | null;
  /** remote-inbound-rtp fractionLost of the video (0..1), as the practitioner's side reports it. */
  fractionLost: number | null;
};

/**
 * The next video bitrate ceiling: down by 30% on more than 10% loss, up by 15% on less than 2%, and
 * never above 85% of what the link is estimated to carry after the audio; within the floor and ceiling.
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
