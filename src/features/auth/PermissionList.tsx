// Placeholder until the page lands.
export default function PermissionList() {
  return null;
}
