export default function ServiceCharge() {
  return null;
}
