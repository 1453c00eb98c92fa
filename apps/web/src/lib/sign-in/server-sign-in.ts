/*
 * The sign-in form the server writes into /login before the app runs (issue 33 §2,
 * apps/server/src/web-app.sign-in.ts): what the patient typed there is kept when the app replaces it,
 * and a sign-in the plain form finished is taken over by the app.
 */

/** The flag cookie the server sets while a plain form's sign-in waits for the app (no secret in it). */
export const handoverFlagCookie = 'careline-signed-in';
/** Where the app takes that sign-in's access token (the token itself is in an HttpOnly cookie). */
export const handoverPath = '/login/session';

type TypedSignIn = { mobileInput: string; focused: boolean };

let typed: TypedSignIn | null = null;

/**
 * Reads what is typed into the server's number form, and follows it until the app's first render
 * replaces the form.
 * @param root - where the form is (the document)
 */
export function captureServerSignInForm(root: Document = document): void {
  const input = root.querySelector<HTMLInputElement>('form[data-careline-sign-in="mobile"] input[name="mobile"]');
  if (!input) {
    return;
  }
  const read = () => {
    typed = { mobileInput: input.value, focused: root.activeElement === input };
  };
  read();
  input.addEventListener('input', read);
  input.addEventListener('focus', read);
}

/** What was typed into the server's number form, or null when the page had none (or it was used). */
export function serverSignInForm(): TypedSignIn | null {
  return typed;
}

/** Forgets the server form's input once the app's screen shows it. */
export function forgetServerSignInForm(): void {
  typed = null;
}

/**
 * Whether a plain form's sign-in waits for the app.
 * @param cookies - document.cookie
 */
export function hasServerSignIn(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((part) => part.trim() === `${handoverFlagCookie}=1`);
}

let taking: Promise<string | null> | null = null;

/**
 * The access token of a plain form's sign-in, taken once from the server (which then forgets it);
 * null when there is none or it could not be taken.
 * @param fetcher - fetch
 */
export function takeServerSignIn(fetcher: typeof fetch = fetch): Promise<string | null> {
  taking ??= fetcher(handoverPath, { method: 'POST', credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) {
        return null;
      }
      const body = (await response.json()) as { accessToken?: unknown };
      return typeof body.accessToken === 'string' && body.accessToken !== '' ? body.accessToken : null;
    })
    .catch(() => null);
  return taking;
}
