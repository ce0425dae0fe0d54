// The message under a desktop picker that could not load or is misconfigured.
export default function FieldError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', fontSize: 12, marginTop: 4 }}>
      {message}
    </div>
  );
}
