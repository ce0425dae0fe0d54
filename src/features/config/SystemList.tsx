// config/SystemList: placeholder until the list kit lands.
export default function SystemList() {
  return null;
}
