// config/FillRuleList: placeholder until the list kit lands.
export default function FillRuleList() {
  return null;
}
