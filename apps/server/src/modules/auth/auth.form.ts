import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authTexts,
  digitsOnly,
  normaliseMobileNo,
  parseVerificationCode,
  validateMobileNo,
  validateVerificationCode,
} from '@careline/domain/auth';
import { AppError, errorString } from '@careline/domain/errors';
import { UUID_PATTERN } from '@careline/domain/ids';
import type { TenantRegistry } from '../tenants/index.ts';
import { acceptFormBodies } from '../../providers/payment-gateways/form-body.ts';
import { authDepsOf, type AuthRequestParts } from './auth.deps.ts';
import { completeAuthentication, initiateAuthentication } from './auth.service.ts';

/*
 * The sign-in form without JavaScript (issue 33 §2): a patient on a phone whose scripts are still
 * downloading can already ask for the code. Plain form posts run the GraphQL path's own service
 * functions (initiateAuthentication, completeAuthentication: the same validation, limits and lockout),
 * after the form's own rules of the app's screen (validateMobileNo, validateVerificationCode).
 *
 * Where the state lives, and why it is safe:
 * - the challenge (its id and the number) in an HttpOnly, SameSite=Strict cookie signed with the app
 *   secret, Path=/login: never in the address (logs, history), never readable by a script, never sent
 *   by another site's form; a verify post without it has no challenge to guess at;
 * - every post is refused unless its Origin (or, without one, its Referer) is this server's own origin
 *   and the browser does not call it cross-site (Sec-Fetch-Site): another site cannot make a visitor's
 *   browser ask for codes (SMS to a stranger from the visitor's address) or sign it in to another
 *   account (login CSRF);
 * - the app keeps its access token in localStorage (spec doc 1 §7), which a server cannot write, so a
 *   signed-in form hands the token over once: in an HttpOnly, SameSite=Strict cookie of Path=/login,
 *   which the app exchanges with POST /login/session (same-origin fetch, the same Origin check) for
 *   the token and which that answer deletes; a readable flag cookie without any secret tells the app
 *   to ask. Without JavaScript the page says the patient is signed in.
 */

/** The form posts and the code step's page. */
export const signInFormPaths = {
  send: '/login/send',
  code: '/login/code',
  verify: '/login/verify',
  session: '/login/session',
} as const;

/** The cookie holding the challenge of the plain form (HttpOnly). */
export const challengeCookie = 'careline-sign-in';
/** The cookie holding a signed-in form's access token until the app takes it (HttpOnly). */
export const handoverCookie = 'careline-handover';
/** The flag, readable by the app's script, that a token waits at POST /login/session (no secret). */
export const handoverFlagCookie = 'careline-signed-in';

// The code lives 5 minutes and a resend keeps its challenge: half an hour covers a few resends.
const challengeCookieSeconds = 30 * 60;
// A phone whose scripts are still downloading takes seconds; one without JavaScript never asks.
const handoverCookieSeconds = 30 * 60;
const formBodyLimit = 4 * 1024;
// Longer than any accepted number or code: the rest is not looked at.
const inputMaxLength = 32;

/** What the sign-in page shows: its step, what was typed and the texts to show (English, as the rules give them). */
export type SignInFormView =
  | { step: 'mobile'; mobileInput: string; errors: string[] }
  | { step: 'code'; mobileNo: string; errors: string[]; notice: string | null }
  | { step: 'signed-in' };

/** What the form's routes need of the server (AppDeps has it; not imported, which would close a cycle). */
export type SignInFormDeps = {
  env: AuthRequestParts['env'] & { NODE_ENV: string };
  database: AuthRequestParts['database'];
  providers: AuthRequestParts['providers'];
  tenants: Pick<TenantRegistry, 'resolve'>;
};

/** Writes a sign-in page for the request's tenant and language (web-app.sign-in.ts). */
export type SignInPageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  view: SignInFormView,
  status: number,
) => FastifyReply;

/**
 * The cookies of a request by name (the first of a repeated name).
 * @param header - the Cookie header
 */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const name = part.slice(0, at < 0 ? 0 : at).trim();
    if (name && !cookies.has(name)) {
      try {
        cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
      } catch {
        // A value that is not percent-encoded text is not one of ours.
      }
    }
  }
  return cookies;
}

function cookie(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; httpOnly: boolean; secure: boolean },
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'SameSite=Strict',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

function signature(appSecret: Buffer, payload: string): string {
  return createHmac('sha256', appSecret).update(`sign-in-form:${payload}`, 'utf8').digest('base64url');
}

function challengeValue(appSecret: Buffer, tenantId: string, challengeId: string, mobileNo: string): string {
  const payload = `${challengeId}.${mobileNo}`;
  return `${payload}.${signature(appSecret, `${tenantId}.${payload}`)}`;
}

/** The challenge a request's cookie names, when this server signed it for this tenant. */
function readChallenge(
  appSecret: Buffer,
  tenantId: string,
  value: string | undefined,
): { challengeId: string; mobileNo: string } | null {
  const [challengeId = '', mobileNo = '', sent = '', ...rest] = (value ?? '').split('.');
  if (rest.length > 0 || !UUID_PATTERN.test(challengeId) || normaliseMobileNo(mobileNo) !== mobileNo) {
    return null;
  }
  const expected = Buffer.from(signature(appSecret, `${tenantId}.${challengeId}.${mobileNo}`));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { challengeId, mobileNo } : null;
}

/**
 * Whether a form post comes from a page of this server: its Origin, or without one its Referer, is
 * the request's own origin, and the browser does not call it cross-site.
 * @param request - the post
 */
export function isSameOriginPost(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return false;
  }
  const own = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== '') {
    return origin === own;
  }
  const referer = request.headers.referer;
  if (!referer) {
    return false;
  }
  try {
    return new URL(referer).origin === own;
  } catch {
    return false;
  }
}

/** What the plain form posts: one field's text, digits only, as the app's inputs keep it. */
function typedDigits(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? digitsOnly(value.slice(0, inputMaxLength)) : '';
}

// Refusals by rate and spacing are 429, like a client told to wait; the rest is bad input.
const statusOf = (error: AppError): number =>
  error.code === 'ARO-E1100' || error.code === 'ARO-E1101' || error.code === 'ARO-E1103' ? 429 : 400;

/**
 * What GET /login shows before the app takes over: the number form, or, once the plain form has
 * signed in and the app has not yet taken the token, that the patient is signed in.
 * @param request - the page request
 */
export function signInPageView(request: FastifyRequest): SignInFormView {
  return readCookies(request.headers.cookie).has(handoverCookie)
    ? { step: 'signed-in' }
    : { step: 'mobile', mobileInput: '', errors: [] };
}

/**
 * The plain sign-in form's routes (issue 33 §2): POST /login/send (the number; `resend` asks again
 * for the challenge's number), GET /login/code (the code step), POST /login/verify (the code), and
 * POST /login/session, where the app takes a form sign-in's access token.
 * @param app - the server
 * @param deps - configuration, database, tenants and providers
 * @param sendPage - writes a sign-in page for the request's tenant and language
 * @param languageOf - the language of the request (cookie, Accept-Language), for the SMS
 */
export async function registerSignInFormRoutes(
  app: FastifyInstance,
  deps: SignInFormDeps,
  sendPage: SignInPageSender,
  languageOf: (request: FastifyRequest) => string,
): Promise<void> {
  const secure = deps.env.NODE_ENV === 'production';
  const appSecret = deps.providers.appSecret;
  const authDeps = (request: FastifyRequest) =>
    authDepsOf({
      env: deps.env,
      database: deps.database,
      tenant: deps.tenants.resolve(request.hostname),
      providers: deps.providers,
      clientIp: request.ip,
      correlationId: request.id,
      log: request.log,
    });
  const challengeOf = (request: FastifyRequest) =>
    readChallenge(
      appSecret,
      deps.tenants.resolve(request.hostname).id,
      readCookies(request.headers.cookie).get(challengeCookie),
    );
  const setChallenge = (request: FastifyRequest, reply: FastifyReply, challengeId: string, mobileNo: string) =>
    reply.header(
      'Set-Cookie',
      cookie(challengeCookie, challengeValue(appSecret, deps.tenants.resolve(request.hostname).id, challengeId, mobileNo), {
        path: '/login',
        maxAgeSeconds: challengeCookieSeconds,
        httpOnly: true,
        secure,
      }),
    );
  const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('Location', location).send();
  // Not a 'CODE:message' the page could explain better: the post did not come from our page.
  const refused = (request: FastifyRequest, reply: FastifyReply) => {
    request.log.warn('sign-in form post refused: not from this origin');
    return sendPage(request, reply, { step: 'mobile', mobileInput: '', errors: [errorString('ARO-E2002')] }, 403);
  };
  const failureText = (request: FastifyRequest, error: unknown): { text: string; status: number } => {
    if (error instanceof AppError) {
      return { text: error.message, status: statusOf(error) };
    }
    request.log.error({ err: error }, 'sign-in form failed');
    const hospital = deps.tenants.resolve(request.hostname).publicConfig.branding.hospitalName;
    return { text: errorString('ARO-E9999', { hospital }), status: 500 };
  };

  await app.register(async (scope) => {
    acceptFormBodies(scope, formBodyLimit);
    // A form post's answer is a page of its own (or a redirect): never one to keep.
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    scope.post(signInFormPaths.send, async (request, reply) => {
      if (!isSameOriginPost(request)) {
        return refused(request, reply);
      }
      const resend = (request.body as Record<string, unknown> | null)?.resend !== undefined;
      const challenge = resend ? challengeOf(request) : null;
      if (resend && !challenge) {
        return seeOther(reply, '/login');
      }
      const mobileInput = challenge?.mobileNo ?? typedDigits(request.body, 'mobile');
      // The app's screen rule first (spec doc 1 §5 'Mobile number'): the same texts as the screen shows.
      const problem = validateMobileNo(mobileInput);
      const mobileNo = normaliseMobileNo(mobileInput);
      if (problem !== null || mobileNo === null) {
        return sendPage(request, reply, { step: 'mobile', mobileInput, errors: [problem ?? errorString('ARO-E1013')] }, 400);
      }
      try {
        const { id } = await initiateAuthentication(authDeps(request), mobileNo, languageOf(request));
        setChallenge(request, reply, id, mobileNo);
        return seeOther(reply, challenge ? `${signInFormPaths.code}?resent=1` : signInFormPaths.code);
      } catch (error) {
        const { text, status } = failureText(request, error);
        return sendPage(
          request,
          reply,
          challenge
            ? { step: 'code', mobileNo, errors: [text], notice: null }
            : { step: 'mobile', mobileInput, errors: [text] },
          status,
        );
      }
    });

    scope.get(signInFormPaths.code, async (request, reply) => {
      const challenge = challengeOf(request);
      if (!challenge) {
        return seeOther(reply, '/login');
      }
      const resent = (request.query as Record<string, unknown> | null)?.resent !== undefined;
      return sendPage(
        request,
        reply,
        { step: 'code', mobileNo: challenge.mobileNo, errors: [], notice: resent ? authTexts.otpResent : null },
        200,
      );
    });

    scope.post(signInFormPaths.verify, async (request, reply) => {
      if (!isSameOriginPost(request)) {
        return refused(request, reply);
      }
      const challenge = challengeOf(request);
      if (!challenge) {
        return seeOther(reply, '/login');
      }
      const codeInput = typedDigits(request.body, 'code');
      const codeView = (errors: string[]): SignInFormView => ({
        step: 'code',
        mobileNo: challenge.mobileNo,
        errors,
        notice: null,
      });
      // The app's screen rule first (spec doc 1 §5 'One-time code').
      const problem = validateVerificationCode(codeInput);
      if (problem !== null) {
        return sendPage(request, reply, codeView([problem]), 400);
      }
      try {
        const result = await completeAuthentication(
          authDeps(request),
          challenge.challengeId,
          // spec doc 1 §5: the code is sent as an integer
          parseVerificationCode(codeInput),
        );
        if (!result.accessToken) {
          return sendPage(request, reply, codeView([authTexts.wrongCode]), 400);
        }
        reply.header('Set-Cookie', [
          cookie(challengeCookie, '', { path: '/login', maxAgeSeconds: 0, httpOnly: true, secure }),
          cookie(handoverCookie, result.accessToken, {
            path: '/login',
            maxAgeSeconds: handoverCookieSeconds,
            httpOnly: true,
            secure,
          }),
          cookie(handoverFlagCookie, '1', { path: '/', maxAgeSeconds: handoverCookieSeconds, httpOnly: false, secure }),
        ]);
        return seeOther(reply, '/login');
      } catch (error) {
        const { text, status } = failureText(request, error);
        // spec doc 1 §4, §8: a wrong code shows the wrong-code line, then the server's own text.
        const wrong = error instanceof AppError && error.code === 'ARO-E1015';
        return sendPage(request, reply, codeView(wrong ? [authTexts.wrongCode, text] : [text]), status);
      }
    });

    scope.post(signInFormPaths.session, async (request, reply) => {
      if (!isSameOriginPost(request)) {
        return reply.code(403).send({ error: errorString('ARO-E2002') });
      }
      const token = readCookies(request.headers.cookie).get(handoverCookie);
      // Taken once: the answer deletes both cookies, whatever it carries.
      reply.header('Set-Cookie', [
        cookie(handoverCookie, '', { path: '/login', maxAgeSeconds: 0, httpOnly: true, secure }),
        cookie(handoverFlagCookie, '', { path: '/', maxAgeSeconds: 0, httpOnly: false, secure }),
      ]);
      if (!token) {
        return reply.code(404).send({ error: errorString('ARO-E2001') });
      }
      return reply.send({ accessToken: token });
    });
  });
}
