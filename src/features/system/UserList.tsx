// 用户管理 (system/UserList): placeholder until the list kit page lands.
export default function UserList() {
  return null;
}
