import { contactNumber } from '@careline/domain/tenant';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useTenant } from '../../../lib/tenant';

/**
 * The call-hospital button: a tel: link to the hospital's consultation number, 'Call <hospital>',
 * falling back to the tenant's number and name (spec doc 2 §9).
 */
export function CallHospitalLink({ organizationId, hospitalName }: { organizationId?: string | null; hospitalName?: string | null }) {
  const t = useConsultationsTranslate();
  const tenant = useTenant();
  const number = contactNumber(tenant, organizationId ?? null, 'consultation');
  return (
    <a className="button button--secondary button--block call-hospital" href={`tel:${number.replace(/[^\d+]/g, '')}`}>
      {t('consultations.callHospital', { hospital: hospitalName ?? tenant.branding.hospitalName })}
    </a>
  );
}
