export default function JobListView() {
  return null;
}
