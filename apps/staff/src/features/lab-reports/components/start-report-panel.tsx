import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useClient } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  labTenantConfigQuery,
  staffCreateLabReportMutation,
  staffLabOrdersQuery,
  type StaffLabOrder,
} from '../api/lab-reports-operations.ts';
import { LAB_ORDER_PICK_SIZE, labTestsOf, newLabActionKey, orderTests, type LabTest } from '../lab-report-rules.ts';
import { useLabReportsMessages } from '../messages.ts';

/** A patient found at the desk. */
export type PickedPatient = { id: string; name: string };

/** The desk's patient search the route passes in (the patients feature's picker). */
export type PatientSearch = (props: { actionLabel: (name: string) => string; onPick: (patient: PickedPatient) => void }) => ReactNode;

/**
 * Starts a report (staffCreateLabReport): for an open lab order of the hospital (its tests), or at
 * the desk for a patient found by mobile number (any of the tenant's tests). Opens the new report.
 * @param props - the hospital, an order to start from, the desk's patient search, and what opens the new report
 */
export function StartReportPanel({
  hospital,
  initialOrderId,
  patientSearch,
  onStarted,
}: {
  hospital: Hospital;
  initialOrderId: string | null;
  patientSearch: PatientSearch;
  onStarted: (reportId: string) => void;
}) {
  const t = useLabReportsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const ids = useId();
  const [source, setSource] = useState<'order' | 'desk'>('order');
  const [orders, setOrders] = useState<StaffLabOrder[]>([]);
  const [tests, setTests] = useState<LabTest[]>([]);
  const [orderId, setOrderId] = useState(initialOrderId ?? '');
  const [patient, setPatient] = useState<PickedPatient | null>(null);
  const [code, setCode] = useState('');
  const [sensitive, setSensitive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    const open = (queue: 'NEW' | 'IN_PROGRESS') =>
      client
        .query(staffLabOrdersQuery, { organizationId: hospital.id, queue, first: LAB_ORDER_PICK_SIZE }, { requestPolicy: 'network-only' })
        .toPromise();
    void Promise.all([open('IN_PROGRESS'), open('NEW'), client.query(labTenantConfigQuery, {}).toPromise()]).then(
      ([progress, fresh, config]) => {
        if (!live) {
          return;
        }
        setOrders([...(progress.data?.staffOrders.nodes ?? []), ...(fresh.data?.staffOrders.nodes ?? [])]);
        setTests(labTestsOf(config.data?.tenantConfig));
      },
    );
    return () => {
      live = false;
    };
  }, [client, hospital.id]);

  const order = orders.find((row) => row.id === orderId) ?? null;
  const offered = useMemo(() => (source === 'order' ? orderTests(order?.order.diagnosticReport, tests) : tests), [source, order, tests]);
  useEffect(() => {
    // A single test is chosen for the member; another order's test is not kept.
    setCode((chosen) => (offered.some((test) => test.code === chosen) ? chosen : (offered.length === 1 ? (offered[0]?.code ?? '') : '')));
  }, [offered]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (source === 'order' && !order) {
      setError(t.startNeedsOrder);
      return;
    }
    if (source === 'desk' && !patient) {
      setError(t.startNeedsPatient);
      return;
    }
    if (code === '') {
      setError(t.startNeedsTest);
      return;
    }
    key.current = key.current ?? newLabActionKey();
    setBusy(true);
    setError(null);
    const result = await client
      .mutation(staffCreateLabReportMutation, {
        organizationId: hospital.id,
        input: {
          serviceRequestId: source === 'order' ? (order?.id ?? null) : null,
          patientId: source === 'desk' ? (patient?.id ?? null) : null,
          code,
          sensitive,
        },
        idempotencyKey: key.current,
      })
      .toPromise();
    setBusy(false);
    const created = result.data?.staffCreateLabReport;
    if (!created) {
      setError(errorText(result.error));
      return;
    }
    key.current = null;
    onStarted(created.id);
  };

  const testField = (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={`${ids}-test`}>
        {t.startTest}
      </label>
      <select id={`${ids}-test`} className="lab-select" value={code} onChange={(event) => setCode(event.target.value)}>
        <option value="">{t.startChooseTest}</option>
        {offered.map((test) => (
          <option key={test.code} value={test.code}>
            {test.display === test.code ? test.code : `${test.display} (${test.code})`}
          </option>
        ))}
      </select>
    </div>
  );

  const finish = (
    <>
      {testField}
      <label className="lab-check">
        <input type="checkbox" checked={sensitive} onChange={(event) => setSensitive(event.target.checked)} />
        <span>{t.startSensitive}</span>
      </label>
      <Button type="submit" busy={busy}>
        {t.startSubmit}
      </Button>
    </>
  );

  return (
    <section aria-labelledby={`${ids}-heading`} className="lab-panel lab-start">
      <h2 id={`${ids}-heading`}>{t.startHeading}</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <fieldset>
        <legend className="ui-field__label">{t.startSource}</legend>
        <div className="lab-start__sources">
          <label className="lab-check">
            <input type="radio" name={`${ids}-source`} checked={source === 'order'} onChange={() => setSource('order')} />
            <span>{t.fromOrder}</span>
          </label>
          <label className="lab-check">
            <input type="radio" name={`${ids}-source`} checked={source === 'desk'} onChange={() => setSource('desk')} />
            <span>{t.atDesk}</span>
          </label>
        </div>
      </fieldset>
      {source === 'order' ? (
        <form className="lab-start" noValidate onSubmit={(event) => void start(event)}>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${ids}-order`}>
              {t.startOrder}
            </label>
            <select id={`${ids}-order`} className="lab-select" value={orderId} onChange={(event) => setOrderId(event.target.value)}>
              <option value="">{orders.length === 0 ? t.startNoOrders : t.startChooseOrder}</option>
              {orders.map((row) => (
                <option key={row.id} value={row.id}>
                  {t.startOrderOption(row.order.identifier ?? t.noNumber, row.patient.name)}
                </option>
              ))}
            </select>
          </div>
          {finish}
        </form>
      ) : null}
      {source === 'desk' && !patient ? patientSearch({ actionLabel: t.startPick, onPick: setPatient }) : null}
      {source === 'desk' && patient ? (
        <form className="lab-start" noValidate onSubmit={(event) => void start(event)}>
          <p>
            {t.startPatient(patient.name)}{' '}
            <Button variant="text" onClick={() => setPatient(null)}>
              {t.startChangePatient}
            </Button>
          </p>
          {finish}
        </form>
      ) : null}
    </section>
  );
}
