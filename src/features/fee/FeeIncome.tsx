export default function FeeIncome() {
  return null;
}
