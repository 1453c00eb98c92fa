/**
 * The event the window gets once the app's screen has replaced a server-written one (issue 33 §1): a
 * screen that keeps something in view while hidden (the chat's newest message) does it again then.
 */
export const serverScreenReplacedEvent = 'careline:server-screen-replaced';
