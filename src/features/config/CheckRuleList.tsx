// config/CheckRuleList: placeholder until the list kit lands.
export default function CheckRuleList() {
  return null;
}
