// The one upload hook of both views (spec §3, §4): the list of files with their states, sending
// each chosen file with real progress, the server's answer, removing and moving, and the form value
// (stored paths joined by commas) reported whenever the finished files change. It also keeps what
// both views show around the list: the hidden file input their button opens, whether number N is
// reached, the image being previewed and an upload error's text.
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkUploadFile } from '@contract/api/files';
import { fileUrl, openUploaded, uploadFile } from './uploadApi';
import {
  UPLOAD_TEXT,
  addToList,
  itemsOf,
  moveItem,
  progressPercent,
  valueOf,
  withAnswer,
  withFailure,
  withoutItem,
  withProgress,
  type UploadItem,
  type UploadLimits,
} from './uploadRules';

export interface UploadFieldProps extends UploadLimits {
  value?: string;
  onChange?: (value: string) => void;
  /** Images only (请上传图片), shown as thumbnails that can be moved. */
  imageOnly?: boolean;
  bucket?: string;
  /** Through /sys/common/upload into this business folder ('avatar': the public avatar folder). */
  biz?: string;
  disabled?: boolean;
  /** Shows the files without changing them. */
  readOnly?: boolean;
  /** Button text (spec §9 default 上传). */
  text?: string;
  /** Told of a refusal (a move past an end, a file refused before sending). */
  onNotice?: (message: string) => void;
}

let seq = 0;

export function useUpload({ value, onChange, imageOnly, bucket, biz, single, max, disabled, readOnly, onNotice }: UploadFieldProps) {
  const [items, setItems] = useState<UploadItem[]>(() => itemsOf(value, (p) => fileUrl(p)));
  const itemsRef = useRef(items);
  const lastValue = useRef(value ?? '');
  const update = useCallback((fn: (l: UploadItem[]) => UploadItem[]) => {
    itemsRef.current = fn(itemsRef.current);
    setItems(itemsRef.current);
    const v = valueOf(itemsRef.current);
    if (v !== lastValue.current) {
      lastValue.current = v;
      onChangeRef.current?.(v);
    }
  }, []);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // A value set from outside (a record loaded into the form) replaces the list.
  useEffect(() => {
    if ((value ?? '') === lastValue.current) return;
    lastValue.current = value ?? '';
    itemsRef.current = itemsOf(value, (p) => fileUrl(p));
    setItems(itemsRef.current);
  }, [value]);

  const locked = !!disabled || !!readOnly;

  const send = useCallback(
    async (uid: string, file: File) => {
      const answer = await uploadFile(file, {
        bucket,
        biz,
        imageOnly,
        onProgress: (loaded, total) => update((l) => withProgress(l, uid, progressPercent(loaded, total))),
      });
      if (!answer.success && !answer.message) update((l) => withFailure(l, uid));
      else update((l) => withAnswer(l, uid, answer, fileUrl));
    },
    [bucket, biz, imageOnly, update],
  );

  const choose = useCallback(
    (files: File[]) => {
      if (locked || !files.length) return;
      const accepted: { item: UploadItem; file: File }[] = [];
      for (const file of files) {
        const refusal = checkUploadFile(file, !!imageOnly);
        if (refusal) {
          onNotice?.(refusal);
          continue;
        }
        const uid = `u-${Date.now()}-${seq++}`;
        const item: UploadItem = { uid, name: file.name, size: file.size, status: 'uploading', percent: 1 };
        if (imageOnly) item.url = URL.createObjectURL(file);
        accepted.push({ item, file });
      }
      if (!accepted.length) return;
      // Single mode and number N decide which of the chosen files are kept, and so sent.
      const next = addToList(
        itemsRef.current,
        accepted.map((a) => a.item),
        { single, max },
      );
      update(() => next);
      for (const a of accepted) if (next.some((f) => f.uid === a.item.uid)) void send(a.item.uid, a.file);
    },
    [imageOnly, locked, max, onNotice, send, single, update],
  );

  const remove = useCallback((uid: string) => !locked && update((l) => withoutItem(l, uid)), [locked, update]);

  const move = useCallback(
    (uid: string, direction: number) => {
      if (locked) return;
      const outcome = moveItem(itemsRef.current, uid, direction);
      if (outcome.ok) update(() => outcome.list);
      else onNotice?.(outcome.message);
    },
    [locked, onNotice, update],
  );

  const open = useCallback(
    async (item: UploadItem) => {
      const refusal = await openUploaded(item);
      if (refusal) onNotice?.(refusal);
    },
    [onNotice],
  );

  const [preview, setPreview] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Opens the file chooser (the hidden input of FilePicker). */
  const pick = useCallback(() => inputRef.current?.click(), []);
  /** Number N reached: no file can be added (single mode replaces its file instead). */
  const full = !!max && items.length >= max && !single;
  /** The props of the view's FilePicker. */
  const filePicker = { multiple: !single, imageOnly, onFiles: choose, inputRef };
  /** What the error dialog of a failed file says. */
  const errorText = (f: UploadItem) => `${UPLOAD_TEXT.errorPrefix}${f.message ?? UPLOAD_TEXT.failed}`;

  return { items, choose, remove, move, open, locked, full, pick, filePicker, preview, setPreview, errorText };
}
