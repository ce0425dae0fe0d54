// config/EntityList: placeholder until the list kit lands.
export default function EntityList() {
  return null;
}
