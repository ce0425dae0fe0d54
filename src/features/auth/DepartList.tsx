// Placeholder until the page lands.
export default function DepartList() {
  return null;
}
