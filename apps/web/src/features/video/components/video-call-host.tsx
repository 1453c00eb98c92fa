import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import {
  appointmentViewPath,
  callTimer,
  incomingCallCard,
  isInCall,
  mainBottomBarHidden,
} from '@careline/domain/video-call';
import { useVideoTranslate } from '@careline/i18n/video';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { useHideMainBottomBar } from '../../../lib/shell/chrome-context.tsx';
import { useCallAppointments } from '../hooks/use-call-appointments.ts';
import { useCallClock } from '../hooks/use-call-clock.ts';
import { useVideoCall, type VideoCall } from '../hooks/use-video-call.ts';
import { createBrowserCallMedia } from '../utils/browser-call-media.ts';
import type { CallMedia } from '../utils/call-media.ts';
import { CallScreen } from './call-screen.tsx';
import { IncomingCallCard } from './incoming-call-card.tsx';
import { MinimizedCall } from './minimized-call.tsx';
import { CallAudio } from './stream-video.tsx';
import '../video.css';

/** The card in the shell's slot above the screen, or where the host is when there is none. */
function inSlot(node: ReactNode, slot: HTMLElement | null): ReactNode {
  return slot ? createPortal(node, slot) : node;
}

/** The card, the call, the minimized call and the end confirm, for the call's state. */
function VideoCallScreens({
  call,
  media,
  userAgent,
  cardSlot,
}: {
  call: VideoCall;
  media: CallMedia;
  userAgent: string;
  cardSlot: HTMLElement | null;
}) {
  const t = useVideoTranslate();
  const navigate = useNavigate();
  const { state, streams, controller } = call;
  const { dispatch } = controller;
  const inCall = isInCall(state);
  const now = useCallClock(state.connectedAt !== null && inCall);
  const card = incomingCallCard(state, userAgent);
  const timer = callTimer(state, now);
  return (
    <>
      {card && state.appointment
        ? inSlot(
            <IncomingCallCard
              card={card}
              doctorName={state.appointment.doctorName}
              permissions={state.media.permissions}
              onJoin={() => dispatch({ type: 'join' })}
              ring={media.ring}
            />,
            cardSlot,
          )
        : null}
      {inCall && !state.minimized ? <CallScreen state={state} streams={streams} now={now} dispatch={dispatch} /> : null}
      {inCall && state.minimized ? (
        <MinimizedCall
          timer={timer}
          onEnd={() => dispatch({ type: 'endRequested' })}
          onView={() => {
            dispatch({ type: 'restore' });
            if (state.appointment) {
              void navigate(appointmentViewPath(state.appointment));
            }
          }}
        />
      ) : null}
      <Modal
        open={state.confirmingEnd}
        title={t('video.text.endConfirm')}
        onClose={() => dispatch({ type: 'endCancelled' })}
        closeLabel={null}
      >
        <div className="end-call-confirm__actions">
          <Button variant="secondary" onClick={() => dispatch({ type: 'endCancelled' })}>
            {t('video.text.notNow')}
          </Button>
          <Button variant="danger" onClick={() => dispatch({ type: 'endConfirmed' })}>
            {t('video.text.end')}
          </Button>
        </div>
      </Modal>
    </>
  );
}

/**
 * The patient's video calls wherever they are in the app (issue 13 Build 2): listens to the account's
 * video appointments, shows the incoming card with its ring, the call, the minimized call and the end
 * confirm, and hides the main bottom bar while connected (spec doc 1 §2, doc 2 §2). The call's state
 * lives here, outside the Suspense that waits for the texts, so loading them never resets a call.
 */
export function VideoCallHost({
  media,
  userAgent,
  cardSlot = null,
}: {
  media?: CallMedia;
  userAgent?: string;
  /**
   * Where the incoming card goes: the shell's banner slot above the screen, in the page's flow, so it
   * pushes the screen down and covers none of its actions (issue 29 §2.7).
   */
  cardSlot?: HTMLElement | null;
}) {
  const { account } = useSession();
  const patientIds = useMemo(() => account?.patientList.map((patient) => patient.id) ?? [], [account]);
  // An account without profiles has no appointments, so nothing can ring.
  if (patientIds.length === 0) {
    return null;
  }
  return <AccountVideoCalls patientIds={patientIds} media={media} userAgent={userAgent} cardSlot={cardSlot} />;
}

function AccountVideoCalls({
  patientIds,
  media,
  userAgent,
  cardSlot,
}: {
  patientIds: readonly string[];
  media?: CallMedia;
  userAgent?: string;
  cardSlot: HTMLElement | null;
}) {
  const [callMedia] = useState(() => media ?? createBrowserCallMedia());
  const call = useVideoCall(callMedia);
  useCallAppointments(patientIds, call.controller.feedAppointments);
  // spec doc 1 §2: hidden during a connected call, minimized or not (the rule is the domain's).
  useHideMainBottomBar(
    mainBottomBarHidden({ hasMobileNumber: true, doctorSearchFilterSet: false, callConnection: call.state.connection }),
  );
  return (
    <>
      {isInCall(call.state) ? <CallAudio stream={call.streams.remote} /> : null}
      {/* The call's texts load only once something shows: a ring or a call. */}
      {call.state.incoming || isInCall(call.state) ? (
        <Suspense fallback={null}>
          <VideoCallScreens
            call={call}
            media={callMedia}
            userAgent={userAgent ?? navigator.userAgent}
            cardSlot={cardSlot}
          />
        </Suspense>
      ) : null}
    </>
  );
}
