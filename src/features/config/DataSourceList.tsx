// config/DataSourceList: placeholder until the list kit lands.
export default function DataSourceList() {
  return null;
}
