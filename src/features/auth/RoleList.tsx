// Placeholder until the page lands.
export default function RoleList() {
  return null;
}
