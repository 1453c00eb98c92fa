// The auth module's face: patient sign-in sessions and the signed-in viewer.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { createAccessSession, hashToken, resolveAccessToken } from './auth.access-sessions.ts';
export { issueSignInLink } from './auth.links.ts';
export { addressKey, setAccountLanguage } from './auth.service.ts';
export type { Viewer } from './auth.viewer.ts';
export {
  openPageToken,
  pageCookie,
  pageCookieFlag,
  pageCookiePaths,
  pageViewer,
  registerPageCookieRoutes,
  sealPageToken,
} from './auth.page-cookie.ts';
export {
  readCookies,
  registerSignInFormRoutes,
  signInFormPaths,
  signInPageView,
  type SignInFormView,
  type SignInPageSender,
} from './auth.form.ts';
