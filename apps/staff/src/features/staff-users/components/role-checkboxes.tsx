import { STAFF_ROLES, type StaffRole } from '@careline/domain/staff';
import { useId } from 'react';
import { useRoleLabels } from '../../../app/messages.ts';

/**
 * The roles to hold in one hospital, as a group of checkboxes; the error is tied to the group.
 * @param props - legend, the chosen roles, onChange and the group's error
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
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className="role-checkboxes"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
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
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
