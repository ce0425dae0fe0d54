export default function SplitConfig() {
  return null;
}
