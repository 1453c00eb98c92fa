import { STAFF_ROLES, type StaffRole } from '@careline/domain/staff';
import { useRoleLabels } from '../../../app/messages.ts';

/**
 * The roles to hold in one hospital, as a group of checkboxes.
 * @param props - legend, the chosen roles and onChange
 */
export function RoleCheckboxes({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | null;
}) {
  const roleLabels = useRoleLabels();
  return (
    <fieldset className="role-checkboxes" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="role-checkboxes__item">
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(event) =>
              onChange(
                event.target.checked ? STAFF_ROLES.filter((r) => r === role || value.includes(r)) : value.filter((r) => r !== role),
              )
            }
          />
          {roleLabels[role]}
        </label>
      ))}
      {error ? <p className="ui-field__error">{error}</p> : null}
    </fieldset>
  );
}
