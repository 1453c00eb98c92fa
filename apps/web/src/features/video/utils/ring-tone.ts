/**
 * The ring of the incoming call card (spec doc 2 §2: 'with ring sound'), generated with WebAudio so
 * the app ships no sound file: a two-tone burst (440 Hz + 480 Hz) of 1.2 s every 3 s.
 */

const RING_PERIOD_MS = 3_000;
const RING_BURST_S = 1.2;

type AudioContextClass = new () => AudioContext;

/**
 * Starts ringing; answers the stop. Silent where the browser has no WebAudio, or until it allows
 * sound (a page the patient has not touched yet may keep the audio suspended).
 */
export function startRingTone(): () => void {
  const Context = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
  if (!Context) {
    return () => undefined;
  }
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return () => undefined;
  }
  const burst = () => {
    if (context.state === 'suspended') {
      void context.resume().catch(() => undefined);
    }
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(0.15, start + 0.05);
    gain.gain.setValueAtTime(0.15, start + RING_BURST_S - 0.05);
    gain.gain.linearRampToValueAtTime(0, start + RING_BURST_S);
    gain.connect(context.destination);
    for (const frequency of [440, 480]) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(start);
      tone.stop(start + RING_BURST_S);
    }
  };
  burst();
  const timer = setInterval(burst, RING_PERIOD_MS);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}
