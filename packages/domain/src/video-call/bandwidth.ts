/**
 * Bandwidth and media rules of a call, both sides (issue 13 Build 1: 'On a weak connection the call
 * stays up at a lower quality, instead of freezing'). Audio is kept first: a fixed bitrate at high
 * priority; the video gets what the link has left after it, steps down on loss, steps up on a clean
 * link, and (the doctor's side) sends a smaller picture when the bitrate is low. Each side's own
 * camera sets its ceiling: the patient's phone sends 640×480, the doctor's desk camera up to 1280×720.
 */

/** Opus voice at a steady rate; never reduced. */
export const AUDIO_MAX_BITRATE = 48_000;
/** The video floor, both sides. */
export const VIDEO_MIN_BITRATE = 100_000;
/** The patient's video ceiling (a phone camera at 640×480, about 24 fps); its calls start there. */
export const PATIENT_VIDEO_MAX_BITRATE = 800_000;
/** The doctor's video ceiling (a desk camera at up to 1280×720). */
export const DOCTOR_VIDEO_MAX_BITRATE = 1_000_000;
/** Where the doctor's video starts, before the link is measured (a phone on mobile data is the other end). */
export const DOCTOR_VIDEO_START_BITRATE = 600_000;
/** How often the link is measured. */
export const BANDWIDTH_SAMPLE_MS = 4_000;
/** A face on a weak link: keep the motion smooth and let the resolution drop. */
export const VIDEO_DEGRADATION_PREFERENCE = 'maintain-framerate';

/** What one getStats() sample tells about the link. */
export type LinkSample = {
  /** candidate-pair availableOutgoingBitrate (bits/s), when the browser estimates it. */
  availableOutgoingBitrate: number | null;
  /** remote-inbound-rtp fractionLost of the video (0..1), as the other side reports it. */
  fractionLost: number | null;
};

/** What linkSample reads of RTCPeerConnection.getStats()'s report: its entries, one by one. */
export type CallStatsReport = { forEach(callback: (stat: Record<string, unknown>) => void): void };

/** A sender encoding's bitrate and priorities (RTCRtpEncodingParameters' fields we set). */
export type MediaEncoding = { maxBitrate: number; priority: 'high' | 'low'; networkPriority: 'high' | 'low' };

/**
 * The next video bitrate ceiling: down by 30% on more than 10% loss, up by 15% on less than 2%, never
 * above 85% of what the link is estimated to carry after the audio; within the floor and the side's
 * ceiling.
 * @param current - the ceiling now (bits/s)
 * @param sample - the link now
 * @param ceiling - the side's ceiling: PATIENT_VIDEO_MAX_BITRATE or DOCTOR_VIDEO_MAX_BITRATE
 */
export function nextVideoBitrate(current: number, sample: LinkSample, ceiling: number): number {
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
  return Math.round(Math.min(ceiling, Math.max(VIDEO_MIN_BITRATE, next)));
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
 * A sender's encoding: the audio at its steady rate and high priority, the video at its ceiling and
 * low priority.
 * @param kind - the track's kind
 * @param videoBitrate - the video ceiling now (bits/s)
 */
export function mediaEncoding(kind: 'audio' | 'video', videoBitrate: number): MediaEncoding {
  return kind === 'audio'
    ? { maxBitrate: AUDIO_MAX_BITRATE, priority: 'high', networkPriority: 'high' }
    : { maxBitrate: videoBitrate, priority: 'low', networkPriority: 'low' };
}

/**
 * Reads a getStats() report into a link sample: the nominated candidate pair's estimate and the
 * video's loss as the other side reports it.
 * @param report - RTCPeerConnection.getStats()
 */
export function linkSample(report: CallStatsReport): LinkSample {
  let availableOutgoingBitrate: number | null = null;
  let fractionLost: number | null = null;
  report.forEach((stat) => {
    if (stat.type === 'candidate-pair' && stat.nominated === true && typeof stat.availableOutgoingBitrate === 'number') {
      availableOutgoingBitrate = stat.availableOutgoingBitrate;
    }
    if (stat.type === 'remote-inbound-rtp' && stat.kind === 'video' && typeof stat.fractionLost === 'number') {
      fractionLost = stat.fractionLost;
    }
  });
  return { availableOutgoingBitrate, fractionLost };
}
