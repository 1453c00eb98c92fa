import { describe, expect, it } from 'vitest';
import { AUDIO_MAX_BITRATE, linkSample, nextVideoBitrate, scaleDownFor, VIDEO_MAX_BITRATE, VIDEO_MIN_BITRATE, worthRetuning } from './call-quality.ts';

describe('bandwidth adaptation', () => {
  it('steps the video down on loss, up on a clean link, within the floor and ceiling', () => {
    expect(nextVideoBitrate(600_000, { availableOutgoingBitrate: null, fractionLost: 0.2 })).toBe(420_000);
    expect(nextVideoBitrate(600_000, { availableOutgoingBitrate: null, fractionLost: 0 })).toBe(690_000);
    expect(nextVideoBitrate(600_000, { availableOutgoingBitrate: null, fractionLost: 0.05 })).toBe(600_000);
    expect(nextVideoBitrate(VIDEO_MAX_BITRATE, { availableOutgoingBitrate: null, fractionLost: 0 })).toBe(VIDEO_MAX_BITRATE);
    expect(nextVideoBitrate(VIDEO_MIN_BITRATE, { availableOutgoingBitrate: null, fractionLost: 0.5 })).toBe(VIDEO_MIN_BITRATE);
  });

  it('keeps the audio’s share of the link first', () => {
    expect(nextVideoBitrate(600_000, { availableOutgoingBitrate: 300_000, fractionLost: null })).toBe(Math.round((300_000 - AUDIO_MAX_BITRATE) * 0.85));
    expect(nextVideoBitrate(600_000, { availableOutgoingBitrate: 60_000, fractionLost: null })).toBe(VIDEO_MIN_BITRATE);
  });

  it('sends a smaller picture at a low bitrate', () => {
    expect(scaleDownFor(800_000)).toBe(1);
    expect(scaleDownFor(499_999)).toBe(2);
    expect(scaleDownFor(150_000)).toBe(4);
  });

  it('re-tunes only on a change of more than 10%', () => {
    expect(worthRetuning(600_000, 650_000)).toBe(false);
    expect(worthRetuning(600_000, 420_000)).toBe(true);
  });

  it('reads the link from getStats', () => {
    const report = new Map<string, Record<string, unknown>>([
      ['a', { type: 'candidate-pair', nominated: false, availableOutgoingBitrate: 1 }],
      ['b', { type: 'candidate-pair', nominated: true, availableOutgoingBitrate: 900_000 }],
      ['c', { type: 'remote-inbound-rtp', kind: 'audio', fractionLost: 0.5 }],
      ['d', { type: 'remote-inbound-rtp', kind: 'video', fractionLost: 0.04 }],
    ]) as unknown as RTCStatsReport;
    expect(linkSample(report)).toEqual({ availableOutgoingBitrate: 900_000, fractionLost: 0.04 });
    expect(linkSample(new Map() as unknown as RTCStatsReport)).toEqual({ availableOutgoingBitrate: null, fractionLost: null });
  });
});
