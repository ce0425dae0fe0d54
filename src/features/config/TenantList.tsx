// config/TenantList: placeholder until the list kit lands.
export default function TenantList() {
  return null;
}
