// /portal/manage-users: user management arrives with the portal issue; the page already needs a
// portal session.
import { useDocumentTitle } from "../../shell/document-title";
import { PortalFrame } from "./PortalFrame";

export default function ManageUsersPage() {
  useDocumentTitle("Manage users");
  return (
    <PortalFrame title="Manage users">
      <p className="page-intro">Inviting colleagues and setting their roles is coming soon.</p>
    </PortalFrame>
  );
}
