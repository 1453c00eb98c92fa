import type { FastifyRequest } from 'fastify';
import { localiseSignInText } from '@careline/domain/auth';
import { parseErrorString } from '@careline/domain/errors';
import { DEFAULT_TIME_ZONE } from '@careline/domain/time';
import { isLocale, matchLocale, sourceLocale, type Locale } from '@careline/i18n/locales';
import { renderEnglishText, renderMessage, type MessageId } from '@careline/i18n/server';
import { signInFormPaths, readCookies, type SignInFormView } from './modules/auth/index.ts';
import { escapeHtml, type ServerScreen } from './web-app.render.ts';

/*
 * The /login screen as the server writes it (issue 33 §2): the app's own markup and classes (its
 * stylesheet comes inlined with the page), the catalogue's texts in the request's language, and plain
 * forms that post to the server, so a patient can ask for the code before the app's scripts arrive.
 */

/** The cookie the app writes with the chosen language (apps/web lib/i18n/language-storage.ts). */
export const languageCookie = 'careline-language';

/**
 * The language of a page the server writes: the one chosen in the app (its cookie), else the browser's
 * first supported one (Accept-Language, by q), else English.
 * @param request - the page request
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Locale {
  const chosen = readCookies(request.headers.cookie).get(languageCookie);
  if (isLocale(chosen)) {
    return chosen;
  }
  const header = request.headers['accept-language'];
  const tags = (typeof header === 'string' ? header : '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((entry) => entry.tag);
  return matchLocale(tags) ?? sourceLocale;
}

/**
 * A text the sign-in rules or the server gave, in the page's language: a 'CODE:message' error from the
 * catalogue (the time a locked number may try again in the hospital's time and words, as the app shows
 * it), a rule's English text from the catalogue.
 */
function shownText(locale: Locale, text: string, hospital: string, now: Date): string {
  const { code, text: english } = parseErrorString(text);
  if (code === null) {
    return renderEnglishText(locale, english);
  }
  // spec doc 1 §8; issue 6 §4.4: '… You can try again after 4:05 PM today'
  const until = /after (.+)$/.exec(localiseSignInText(english, now, DEFAULT_TIME_ZONE))?.[1] ?? '';
  const shown = renderMessage(locale, `error.${code}` as MessageId, { hospital, until });
  return shown === `error.${code}` ? english : shown;
}

/** The page's language, the tenant's hospital name and logo (a URL, or a data: URL), and the clock. */
type PageContext = { locale: Locale; hospital: string; logoSrc: string; now: Date };

const t = (context: PageContext, id: MessageId, values?: Record<string, string>): string =>
  escapeHtml(renderMessage(context.locale, id, values));

function errorLines(context: PageContext, errors: string[]): string {
  const lines = errors.map((error) => escapeHtml(shownText(context.locale, error, context.hospital, context.now)));
  // Two lines: the wrong-code text, then the server's text (spec doc 1 §4, §8), as the app shows them.
  return lines.length > 1 ? lines.map((line) => `<span class="auth-error-line">${line}</span>`).join('') : (lines[0] ?? '');
}

function mobileStep(context: PageContext, view: Extract<SignInFormView, { step: 'mobile' }>): string {
  const invalid = view.errors.length > 0;
  return (
    `<form class="auth-form" method="post" action="${signInFormPaths.send}" novalidate data-careline-sign-in="mobile">` +
    `<label class="auth-label" for="login-mobile">${t(context, 'auth.mobileLabel')}</label>` +
    `<input id="login-mobile" class="auth-input" name="mobile" type="tel" inputmode="numeric" autocomplete="tel-national"` +
    ` placeholder="${t(context, 'auth.mobilePlaceholder')}" value="${escapeHtml(view.mobileInput)}"` +
    ` aria-invalid="${invalid}" aria-describedby="login-mobile-error"${invalid ? ' autofocus' : ''} />` +
    `<p id="login-mobile-error" class="auth-error" role="alert" aria-live="assertive">${errorLines(context, view.errors)}</p>` +
    `<button class="auth-button" type="submit">${t(context, 'auth.sendNow')}</button>` +
    '</form>'
  );
}

function codeStep(context: PageContext, view: Extract<SignInFormView, { step: 'code' }>): string {
  return (
    `<form class="auth-form" method="post" action="${signInFormPaths.verify}" novalidate data-careline-sign-in="code">` +
    `<p class="auth-sent-to">+${escapeHtml(view.mobileNo)} ` +
    `<a class="auth-link-button" href="/login">${t(context, 'auth.changeNumber')}</a></p>` +
    `<label class="auth-label" for="login-code">${t(context, 'auth.codeLabel')}</label>` +
    '<input id="login-code" class="auth-input" name="code" type="text" inputmode="numeric" autocomplete="one-time-code"' +
    ` placeholder="${t(context, 'auth.codePlaceholder')}" aria-invalid="${view.errors.length > 0}"` +
    ' aria-describedby="login-code-error login-sms-delay" autofocus />' +
    `<p id="login-code-error" class="auth-error" role="alert" aria-live="assertive">${errorLines(context, view.errors)}</p>` +
    `<p class="auth-notice" role="status" aria-live="polite">${view.notice ? escapeHtml(renderEnglishText(context.locale, view.notice)) : ''}</p>` +
    `<button class="auth-button" type="submit">${t(context, 'auth.verifyNow')}</button>` +
    // The same form, posted to the number's step: the server keeps the 1-minute spacing (spec doc 1 §4),
    // which without a script has no countdown to show.
    `<button class="auth-button auth-button-secondary" type="submit" formaction="${signInFormPaths.send}" name="resend" value="1">` +
    `${t(context, 'auth.resendOtp')}</button>` +
    `<p id="login-sms-delay" class="auth-hint">${t(context, 'auth.smsDelay')}</p>` +
    '</form>'
  );
}

/**
 * The sign-in screen for a view, as the server writes it into #root.
 * @param view - the step, what was typed and the texts to show
 * @param context - the page's language, the tenant's hospital name and the clock
 * @param withScripts - whether the app comes with it: only on GET /login, the app's own route; an
 *   answer to a post (/login/send, /login/verify) or the code step (the app could not know its
 *   challenge, which a script never reads) is the server's own page, which the app would not recognise
 */
export function signInScreen(view: SignInFormView, context: PageContext, withScripts: boolean): ServerScreen {
  const body =
    view.step === 'mobile'
      ? mobileStep(context, view)
      : view.step === 'code'
        ? codeStep(context, view)
        : `<p class="auth-notice" role="status">${t(context, 'auth.signedInWithoutScript', { hospital: context.hospital })}</p>`;
  // The app's shell around the screen (its header and main), so nothing moves when the app takes over.
  const header =
    '<header class="app-header">' +
    `<a class="app-header__home" href="/" aria-label="${t(context, 'shell.homeLink', { hospital: context.hospital })}">` +
    `<img class="app-header__logo" src="${escapeHtml(context.logoSrc)}" alt="" width="36" height="36" /></a>` +
    `<p class="app-header__name">${escapeHtml(context.hospital)}</p></header>`;
  return {
    html:
      `<div class="app-shell" data-careline-server-screen="sign-in">${header}<main id="main" class="app-shell__main">` +
      `<div class="auth-screen"><h1 class="auth-heading">${t(context, 'auth.heading')}</h1>${body}</div></main></div>`,
    lang: context.locale,
    // As the app names its screens (apps/web lib/shell/use-screen-heading.ts screenTitle).
    title: `${renderMessage(context.locale, 'auth.heading')} – ${context.hospital}`,
    withScripts,
  };
}
