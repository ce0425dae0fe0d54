// config/DictList: placeholder until the list kit lands.
export default function DictList() {
  return null;
}
