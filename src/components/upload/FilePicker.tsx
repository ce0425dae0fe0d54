// The hidden file input both upload views open from their own button: several files unless single,
// images only when asked, and on a phone the camera (accept="image/*" capture). Pages that read a
// chosen file themselves (an Excel import) open it the same way, with their own `accept`.
import type { RefObject } from 'react';

export function FilePicker(props: {
  multiple: boolean;
  imageOnly?: boolean;
  camera?: boolean;
  /** File types offered (default: images when imageOnly, else any). */
  accept?: string;
  onFiles: (files: File[]) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <input
      ref={props.inputRef}
      type="file"
      hidden
      // antd's form styles show file inputs (display: block) over the hidden attribute.
      style={{ display: 'none' }}
      multiple={props.multiple}
      accept={props.accept ?? (props.imageOnly ? 'image/*' : undefined)}
      capture={props.camera && props.imageOnly ? 'environment' : undefined}
      onChange={(e) => {
        props.onFiles(Array.from(e.target.files ?? []));
        e.target.value = '';
      }}
    />
  );
}
