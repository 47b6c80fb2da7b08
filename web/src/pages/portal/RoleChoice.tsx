// The roles a portal user can be given (portal.roles, from rules/portal-roles.json), each with
// what it allows, as one radio group.
import { Field, Radio, RadioGroup } from "@fluentui/react-components";
import type { PortalRole } from "./portal-types";

export function RoleChoice({
  roles,
  value,
  onChange,
  error,
  label = "Role",
}: {
  roles: PortalRole[];
  value: string;
  onChange(role: string): void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <Field label={label} required validationMessage={error} validationState={error ? "error" : "none"}>
      <RadioGroup value={value} onChange={(_, d) => onChange(d.value)}>
        {roles.map((role) => (
          <Radio
            key={role.id}
            value={role.id}
            label={
              <>
                <span className="portal-strong">{role.label}</span>
                <span className="portal-role-description">{role.description}</span>
              </>
            }
          />
        ))}
      </RadioGroup>
    </Field>
  );
}
