import { TEST_CARDS, type TestCard } from './test-cards.ts';

/**
 * The sandbox gateway's HTML pages: plain, accessible (lang, title, labels) and CSP-clean (no inline
 * script or style: the stylesheet and the auto-submit script are files served by the sandbox).
 */

/** Where the sandbox serves its routes and files. */
export const SANDBOX_PREFIX = '/sandbox/cybersource';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The stylesheet of the sandbox pages (served at {prefix}/assets/sandbox.css). */
export const SANDBOX_CSS = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;background:#fff;line-height:1.5}
h1{font-size:1.5rem}label{display:block;margin-top:.75rem;font-weight:600}
input,select{font:inherit;padding:.4rem;margin-top:.25rem;border:1px solid #555;border-radius:4px}
button{font:inherit;margin:1rem .5rem 0 0;padding:.5rem 1rem;border-radius:4px;border:1px solid #1b1b1b;background:#0b4f8a;color:#fff}
button.secondary{background:#fff;color:#1b1b1b}.errors{border:2px solid #a40000;color:#a40000;padding:.5rem 1rem;margin:1rem 0}
table{border-collapse:collapse;margin-top:1rem}th,td{border:1px solid #777;padding:.25rem .5rem;text-align:left}
.note{color:#444}
`;

/**
 * The sandbox pages' icon (served at {prefix}/assets/icon.svg): without one a browser asks for
 * /favicon.ico, which this server does not have, and logs the 404 while the bank's page is open.
 */
export const SANDBOX_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b4f8a"/><rect x="2" y="5" width="12" height="2" fill="#fff"/></svg>';

/** The script of the answer page: posts the signed answer back to the merchant at once. */
export const SANDBOX_AUTO_SUBMIT_JS = `// Sandbox gateway: posts the signed answer to the merchant, as the real gateway's receipt does.
document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('sandbox-answer');
  if (form) {
    form.submit();
  }
});
`;

function page(title: string, body: string, options: { script?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${SANDBOX_PREFIX}/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${SANDBOX_PREFIX}/assets/sandbox.css">
${options.script ? `<script src="${SANDBOX_PREFIX}/assets/auto-submit.js" defer></script>\n` : ''}</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * A sandbox page with the sandbox's stylesheet (for the other sandboxes, e.g. Genie's).
 * @param title - the page title
 * @param body - the page's HTML, already escaped
 */
export function sandboxPage(title: string, body: string): string {
  return page(title, body);
}

function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
}

function testCardsTable(cards: readonly TestCard[]): string {
  const rows = cards
    .map(
      (card) =>
        `<tr><td>${card.number}</td><td>${escapeHtml(card.brand)}</td><td>${escapeHtml(card.note)}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption>Sandbox test cards (any future expiry, any 3-digit security code; a past expiry is declined)</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">Type</th><th scope="col">Outcome</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

const CARD_TYPES: [string, string][] = [
  ['001', 'Visa'],
  ['002', 'Mastercard'],
  ['003', 'American Express'],
  ['004', 'Discover'],
  ['005', 'Diners Club'],
  ['007', 'JCB'],
  ['042', 'Maestro'],
];

/**
 * The hosted card page: the request's fields kept in hidden inputs, the card fields to fill, the
 * hosted-form errors of spec doc 2 §5 when the card was refused, and the test cards.
 * @param request - the merchant's fields to re-post (signed fields and signature)
 * @param errors - hosted-form messages to show
 */
export function hostedCardPage(request: Record<string, string>, errors: string[]): string {
  const amount = `${request.amount ?? ''} ${request.currency ?? ''}`.trim();
  const invalid = (message: string) =>
    errors.some((error) => error.startsWith(message)) ? ' aria-invalid="true"' : '';
  const errorBlock =
    errors.length > 0
      ? `<div class="errors" role="alert" id="card-errors"><p>Please correct the following:</p><ul>${errors
          .map((error) => `<li>${escapeHtml(error)}</li>`)
          .join('')}</ul></div>`
      : '';
  const describedBy = errors.length > 0 ? ' aria-describedby="card-errors"' : '';
  const options = CARD_TYPES.map(
    ([code, name]) =>
      `<option value="${code}"${request.card_type === code ? ' selected' : ''}>${escapeHtml(name)}</option>`,
  ).join('');
  return page(
    'Card payment - sandbox gateway',
    `<h1>Card payment (sandbox gateway)</h1>
<p>Amount to pay: <strong>${escapeHtml(amount)}</strong></p>
${errorBlock}
<form method="post" action="${SANDBOX_PREFIX}/pay"${describedBy}>
${hiddenInputs(request)}
<input type="hidden" name="sandbox_step" value="card">
<label for="card_type">Card type</label>
<select id="card_type" name="card_type">${options}</select>
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23"${invalid('Card number')}>
<label for="card_expiry_month">Expiry month (MM)</label>
<input id="card_expiry_month" name="card_expiry_month" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2"${invalid('Expiry month')}>
<label for="card_expiry_year">Expiry year (YYYY)</label>
<input id="card_expiry_year" name="card_expiry_year" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4"${invalid('Expiry year')}>
<label for="card_cvn">Security code</label>
<input id="card_cvn" name="card_cvn" inputmode="numeric" autocomplete="cc-csc" maxlength="4"${invalid('Security code')}>
<div>
<button type="submit" name="sandbox_action" value="pay">Pay</button>
<button type="submit" name="sandbox_action" value="cancel" class="secondary">Cancel</button>
</div>
</form>
${testCardsTable(TEST_CARDS)}`,
  );
}

/**
 * The 3-D Secure challenge page: asks for the one-time code the bank sent; Cancel gives up the
 * payment (issue 29 §2).
 * @param challengeId - the pending payment's id
 * @param action - where the page posts (the hosted payment's or the step-up's challenge)
 */
export function challengePage(challengeId: string, action = `${SANDBOX_PREFIX}/challenge`): string {
  return page(
    'Verify your payment - sandbox 3-D Secure',
    `<h1>Verify your payment</h1>
<p>Your bank sent a one-time code to confirm this payment. <span class="note">Sandbox: the code is 1234; any other code fails the payment.</span></p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="challenge_id" value="${escapeHtml(challengeId)}">
<label for="challenge_code">One-time code</label>
<input id="challenge_code" name="challenge_code" inputmode="numeric" autocomplete="one-time-code" maxlength="8">
<div>
<button type="submit" name="sandbox_action" value="submit">Submit</button>
<button type="submit" name="sandbox_action" value="cancel" class="secondary">Cancel</button>
</div>
</form>`,
  );
}

/**
 * The answer page: posts the signed answer to the merchant's receipt page by script, or with the
 * Continue button without it. Without a receipt page it shows the decision only.
 * @param answer - the signed answer fields
 * @param target - the merchant's receipt (or cancel) page
 */
export function answerPage(answer: Record<string, string>, target: string | undefined): string {
  const summary = `<p>Decision: <strong>${escapeHtml(answer.decision ?? '')}</strong> - ${escapeHtml(answer.message ?? '')}</p>`;
  if (!target) {
    return page('Payment answer - sandbox gateway', `<h1>Payment answer</h1>\n${summary}`);
  }
  return page(
    'Returning to the merchant - sandbox gateway',
    `<h1>Returning to the merchant</h1>
${summary}
<form id="sandbox-answer" method="post" action="${escapeHtml(target)}">
${hiddenInputs(answer)}
<button type="submit">Continue</button>
</form>`,
    { script: true },
  );
}

/**
 * The end of a 3-D Secure step-up: posts TransactionId and MD back to the merchant's return URL, by
 * script or with the Continue button (as the bank's access control server does).
 * @param fields - TransactionId and MD
 * @param target - the merchant's return URL from the enrolment request
 */
export function stepUpReturnPage(fields: Record<string, string>, target: string): string {
  return page(
    'Returning to the merchant - sandbox 3-D Secure',
    `<h1>Returning to the merchant</h1>
<p>Your bank has finished checking this payment.</p>
<form id="sandbox-answer" method="post" action="${escapeHtml(target)}">
${hiddenInputs(fields)}
<button type="submit">Continue</button>
</form>`,
    { script: true },
  );
}

/**
 * A refused request (bad signature, missing fields, unknown challenge).
 * @param heading - what went wrong, in a few words
 * @param detail - one sentence on why
 */
export function refusedPage(heading: string, detail: string): string {
  return page(
    `${heading} - sandbox gateway`,
    `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(detail)}</p>`,
  );
}

/**
 * Where a sandbox may send a browser back or post a webhook: only this server, named by a
 * same-origin path or by an absolute http(s) URL on the host the request came to. Answers the path
 * (with its query) and the host to serve it as, or null for any other address (never followed).
 * @param url - the return or webhook URL the payment's creator gave
 * @param requestHost - the Host of the request the sandbox is answering
 */
export function ownServerUrl(
  url: string,
  requestHost: string | undefined,
): { path: string; host: string | undefined } | null {
  if (/^\/(?![/\\])[^\s\\]*$/.test(url)) {
    return { path: url, host: requestHost };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    !requestHost ||
    parsed.host !== requestHost
  ) {
    return null;
  }
  return { path: `${parsed.pathname}${parsed.search}`, host: parsed.host };
}
