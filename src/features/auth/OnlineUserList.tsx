// Placeholder until the page lands.
export default function OnlineUserList() {
  return null;
}
