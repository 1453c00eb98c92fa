import { useEffect, useId, useState, type FormEvent } from 'react';
import { useClient } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { staffLabReportSettingsQuery, staffSetLabReportSettingsMutation } from '../api/lab-reports-operations.ts';
import { useLabReportsMessages } from '../messages.ts';

/**
 * The hospital's lab report rules for admins (labReports.settings): whether a second person must
 * verify the results. Saving is audited by the server.
 * @param props - the hospital
 */
export function LabSettingsPanel({ organizationId }: { organizationId: string }) {
  const t = useLabReportsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const hintId = useId();
  const [second, setSecond] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void client
      .query(staffLabReportSettingsQuery, { organizationId }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!live) {
          return;
        }
        const settings = result.data?.staffLabReportSettings;
        if (settings) {
          setSecond(settings.requireSecondVerifier);
        } else {
          setError(errorText(result.error));
        }
      });
    return () => {
      live = false;
    };
  }, [client, organizationId, errorText]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (second === null) {
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    const result = await client.mutation(staffSetLabReportSettingsMutation, { organizationId, requireSecondVerifier: second }).toPromise();
    setBusy(false);
    const saved = result.data?.staffSetLabReportSettings;
    if (saved) {
      setSecond(saved.requireSecondVerifier);
      setNotice(t.settingsSaved);
    } else {
      setError(errorText(result.error));
    }
  };

  return (
    <section aria-labelledby={headingId} className="lab-panel lab-settings">
      <h2 id={headingId}>{t.settingsHeading}</h2>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form onSubmit={(event) => void save(event)} noValidate>
        <label className="lab-check">
          <input
            type="checkbox"
            checked={second ?? false}
            disabled={second === null}
            aria-describedby={hintId}
            onChange={(event) => setSecond(event.target.checked)}
          />
          <span>{t.settingsSecond}</span>
        </label>
        <p id={hintId} className="ui-field__hint">
          {t.settingsSecondHint}
        </p>
        <Button type="submit" variant="secondary" busy={busy} disabled={second === null}>
          {t.settingsSave}
        </Button>
      </form>
    </section>
  );
}
