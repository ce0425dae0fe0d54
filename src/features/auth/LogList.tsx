// Placeholder until the page lands.
export default function LogList() {
  return null;
}
