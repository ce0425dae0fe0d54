// config/GroupList: placeholder until the list kit lands.
export default function GroupList() {
  return null;
}
