import { describe, expect, it } from 'vitest';
import {
  AUDIO_MAX_BITRATE,
  DOCTOR_VIDEO_MAX_BITRATE,
  DOCTOR_VIDEO_START_BITRATE,
  linkSample,
  mediaEncoding,
  nextVideoBitrate,
  PATIENT_VIDEO_MAX_BITRATE,
  scaleDownFor,
  VIDEO_MIN_BITRATE,
  worthRetuning,
  type CallStatsReport,
} from './bandwidth.ts';

const PATIENT = PATIENT_VIDEO_MAX_BITRATE;
const DOCTOR = DOCTOR_VIDEO_MAX_BITRATE;

describe('bandwidth adaptation: audio first, video shrinks on a weak link (issue 13 Build 1)', () => {
  it('keeps each side its own ceiling and start', () => {
    expect([PATIENT_VIDEO_MAX_BITRATE, DOCTOR_VIDEO_MAX_BITRATE, DOCTOR_VIDEO_START_BITRATE]).toEqual([800_000, 1_000_000, 600_000]);
  });

  it.each([
    // The patient's side (its ceiling 800 kbit/s).
    ['heavy loss steps down by 30%', PATIENT, 800_000, { availableOutgoingBitrate: null, fractionLost: 0.2 }, 560_000],
    ['a clean link steps up by 15%', PATIENT, 500_000, { availableOutgoingBitrate: null, fractionLost: 0 }, 575_000],
    ['never above the patient ceiling', PATIENT, 780_000, { availableOutgoingBitrate: null, fractionLost: 0 }, PATIENT],
    ['some loss holds', PATIENT, 400_000, { availableOutgoingBitrate: null, fractionLost: 0.05 }, 400_000],
    ['the estimate after audio caps it', PATIENT, 800_000, { availableOutgoingBitrate: 300_000, fractionLost: 0.05 }, Math.round((300_000 - AUDIO_MAX_BITRATE) * 0.85)],
    ['never below the floor', PATIENT, 120_000, { availableOutgoingBitrate: 60_000, fractionLost: 0.3 }, VIDEO_MIN_BITRATE],
    ['nothing known holds', PATIENT, 640_000, { availableOutgoingBitrate: null, fractionLost: null }, 640_000],
    // The doctor's side (its ceiling 1 Mbit/s).
    ['heavy loss steps the doctor down', DOCTOR, 600_000, { availableOutgoingBitrate: null, fractionLost: 0.2 }, 420_000],
    ['a clean link steps the doctor up', DOCTOR, 600_000, { availableOutgoingBitrate: null, fractionLost: 0 }, 690_000],
    ['some loss holds the doctor', DOCTOR, 600_000, { availableOutgoingBitrate: null, fractionLost: 0.05 }, 600_000],
    ['a clean link from 800 kbit/s passes the patient ceiling', DOCTOR, 800_000, { availableOutgoingBitrate: null, fractionLost: 0 }, 920_000],
    ['never above the doctor ceiling', DOCTOR, DOCTOR, { availableOutgoingBitrate: null, fractionLost: 0 }, DOCTOR],
    ['never below the floor, for the doctor', DOCTOR, VIDEO_MIN_BITRATE, { availableOutgoingBitrate: null, fractionLost: 0.5 }, VIDEO_MIN_BITRATE],
    ['the audio’s share of the link first', DOCTOR, 600_000, { availableOutgoingBitrate: 300_000, fractionLost: null }, Math.round((300_000 - AUDIO_MAX_BITRATE) * 0.85)],
    ['a link thinner than the floor keeps the floor', DOCTOR, 600_000, { availableOutgoingBitrate: 60_000, fractionLost: null }, VIDEO_MIN_BITRATE],
  ] as const)('%s', (_name, ceiling, current, sample, next) => {
    expect(nextVideoBitrate(current, sample, ceiling)).toBe(next);
  });

  it.each([
    [800_000, 1],
    [500_000, 1],
    [499_999, 2],
    [200_000, 2],
    [150_000, 4],
  ] as const)('sends the picture at %i bit/s scaled down by %i', (bitrate, scale) => {
    expect(scaleDownFor(bitrate)).toBe(scale);
  });

  it.each([
    [600_000, 650_000, false],
    [600_000, 660_000, false],
    [600_000, 420_000, true],
    [600_000, 700_000, true],
  ] as const)('re-tunes from %i to %i: %s (only on a change of more than 10%)', (current, next, retune) => {
    expect(worthRetuning(current, next)).toBe(retune);
  });

  it('keeps the audio first in the senders’ encodings', () => {
    expect(mediaEncoding('audio', 420_000)).toEqual({ maxBitrate: AUDIO_MAX_BITRATE, priority: 'high', networkPriority: 'high' });
    expect(mediaEncoding('video', 420_000)).toEqual({ maxBitrate: 420_000, priority: 'low', networkPriority: 'low' });
  });

  it.each([
    [
      'the nominated pair and the video loss',
      [
        { type: 'candidate-pair', nominated: false, availableOutgoingBitrate: 9 },
        { type: 'candidate-pair', nominated: true, availableOutgoingBitrate: 420_000 },
        { type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.5 },
        { type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.08 },
      ],
      { availableOutgoingBitrate: 420_000, fractionLost: 0.08 },
    ],
    [
      'another nominated pair and loss',
      [
        { type: 'candidate-pair', nominated: false, availableOutgoingBitrate: 1 },
        { type: 'candidate-pair', nominated: true, availableOutgoingBitrate: 900_000 },
        { type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.5 },
        { type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.04 },
      ],
      { availableOutgoingBitrate: 900_000, fractionLost: 0.04 },
    ],
    ['nothing from an empty report', [], { availableOutgoingBitrate: null, fractionLost: null }],
  ] as const)('reads %s from getStats()', (_name, stats, sample) => {
    const report: CallStatsReport = new Map(stats.map((stat, index) => [String(index), stat as Record<string, unknown>]));
    expect(linkSample(report)).toEqual(sample);
  });
});
