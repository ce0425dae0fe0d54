// config/GatewayList: placeholder until the list kit lands.
export default function GatewayList() {
  return null;
}
