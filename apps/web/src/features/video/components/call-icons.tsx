/** Stroke icons of the call controls, drawn in the current colour at 24 px (lucide's style, no icon font). */
const paths = {
  camera: 'M15 10l5-3v10l-5-3z M3 7h12v10H3z',
  cameraOff: 'M15 10l5-3v10l-5-3z M3 7h12v10H3z M2 2l20 20',
  microphone: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z M5 11a7 7 0 0 0 14 0 M12 18v3',
  microphoneOff: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z M5 11a7 7 0 0 0 14 0 M12 18v3 M2 2l20 20',
  phoneOff:
    'M10.7 13.3a16 16 0 0 1-3.4-4.6l1.8-1.8a1 1 0 0 0 .2-1.1L8 2.8A1 1 0 0 0 7 2H4a2 2 0 0 0-2 2 18 18 0 0 0 18 18 2 2 0 0 0 2-2v-3a1 1 0 0 0-.8-1l-3-1.3a1 1 0 0 0-1.1.2l-1.8 1.8 M22 2L2 22',
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  minimize: 'M4 14h6v6 M20 10h-6V4 M14 10l7-7 M3 21l7-7',
  history: 'M3 12a9 9 0 1 0 3-6.7L3 8 M3 3v5h5 M12 7v5l4 2',
  refresh: 'M21 12a9 9 0 1 1-3-6.7L21 8 M21 3v5h-5',
} as const;

export type CallIconName = keyof typeof paths;

export function CallIcon({ name }: { name: CallIconName }) {
  return (
    <svg
      className="call-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
