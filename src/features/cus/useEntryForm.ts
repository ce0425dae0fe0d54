// The onboarding form of both screens (desktop 客户进件 with antd Steps, phone 商户入驻 with
// antd-mobile Steps): the customer being entered (new, or ?cusCode=…), the step, the values kept as
// a draft between visits, saving the master data (create, then update by version), the materials of
// each type through the shared upload field, and the submission to review.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CusMasterView, MaterialType, MaterialView } from '@contract/api/cus';
import { areaPath } from '@contract/area';
import { loadAreaMap } from '@/components/pickers/areaData';
import { failureMessage } from '@/components/dialogs/formRules';
import { session } from '@/stores/session';
import { addMaterial, createMaster, fetchCusDetail, fetchMaterials, submitMaster, updateMaster, updateMaterial } from './api';
import { clearDraft, loadDraft, masterOf, materialOps, materialsOfType, missingMaterialTypes, nextMove, saveDraft, valuesOf, type EntryValues } from './rules';
import type { MasterFields } from '@contract/api/cus';

/** A new customer is a customer (not a supplier or agent) unless chosen otherwise. */
const NEW_VALUES: EntryValues = { cusType: 'customer' };

export function useEntryForm(initialCusCode: string | undefined) {
  const who = useSnapshot(session).userInfo?.id ?? 'anon';
  const [cusCode, setCusCode] = useState(initialCusCode);
  const [master, setMaster] = useState<CusMasterView | null>(null);
  const [materials, setMaterials] = useState<MaterialView[]>([]);
  const [step, setStepState] = useState(0);
  const [values, setValues] = useState<EntryValues | null>(initialCusCode ? null : NEW_VALUES);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState(false);
  const valuesRef = useRef<EntryValues>(NEW_VALUES);

  useEffect(() => {
    let live = true;
    const draft = loadDraft(who, initialCusCode);
    if (!initialCusCode) {
      if (draft) {
        valuesRef.current = { ...NEW_VALUES, ...draft.values };
        setValues(valuesRef.current);
        setStepState(Math.min(draft.step, 2));
        setRestored(true);
      }
      return;
    }
    fetchCusDetail(initialCusCode).then(
      (d) => {
        if (!live) return;
        setMaster(d.master);
        setMaterials(d.materials);
        const fromServer = valuesOf(d.master as unknown as Partial<MasterFields>);
        const useDraft = !!draft && draft.savedAt > Date.parse(d.master.updatedAt);
        valuesRef.current = useDraft ? { ...fromServer, ...draft.values } : fromServer;
        setValues(valuesRef.current);
        setStepState(useDraft ? draft.step : 0);
        setRestored(useDraft);
      },
      (err) => live && setError(failureMessage(err, '客户资料查询失败')),
    );
    return () => {
      live = false;
    };
  }, [initialCusCode, who]);

  /** Keeps what was typed (and where) for the next visit. */
  const remember = useCallback(
    (v: EntryValues, at: number = step) => {
      valuesRef.current = { ...valuesRef.current, ...v };
      saveDraft(who, { cusCode, step: at, values: valuesRef.current }, cusCode);
    },
    [who, cusCode, step],
  );
  const setStep = useCallback(
    (n: number) => {
      setStepState(n);
      saveDraft(who, { cusCode, step: n, values: valuesRef.current }, cusCode);
    },
    [who, cusCode],
  );

  /** Saves the master data (a new customer gets its code); the materials step needs a saved customer. */
  const save = useCallback(
    async (v: EntryValues): Promise<CusMasterView> => {
      valuesRef.current = { ...valuesRef.current, ...v };
      const all = valuesRef.current;
      setBusy(true);
      try {
        const path = areaPath(await loadAreaMap(), all.area);
        const fields = masterOf(all, path) as MasterFields;
        const saved = master ? await updateMaster(master.cusCode, master.version, fields) : await createMaster(fields);
        if (!master) clearDraft(who, undefined);
        setMaster(saved);
        setCusCode(saved.cusCode);
        saveDraft(who, { cusCode: saved.cusCode, step: 3, values: all }, saved.cusCode);
        return saved;
      } finally {
        setBusy(false);
      }
    },
    [master, who],
  );

  /** The upload field of `type` changed to these stored paths: add, remove and reorder on the server, one change after another. */
  const materialsRef = useRef<MaterialView[]>([]);
  materialsRef.current = materials;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const setMaterialFiles = useCallback(
    (type: MaterialType, value: string): Promise<void> => {
      const run = async () => {
        if (!master) return;
        const wanted = value ? value.split(',') : [];
        try {
          for (const op of materialOps(materialsOfType(materialsRef.current, type), wanted)) {
            if (op.kind === 'add') await addMaterial(master.cusCode, type, op.path);
            else if (op.kind === 'remove') await updateMaterial(op.id, 'remove');
          }
          let list = await fetchMaterials(master.cusCode);
          for (let guard = 0; guard < 20; guard++) {
            const move = nextMove(materialsOfType(list, type), wanted);
            if (!move) break;
            list = await updateMaterial(move.kind === 'moveUp' ? move.id : '', 'moveUp');
          }
        } finally {
          materialsRef.current = await fetchMaterials(master.cusCode).catch(() => materialsRef.current);
          setMaterials(materialsRef.current);
        }
      };
      const next = queue.current.then(run, run);
      queue.current = next.catch(() => undefined);
      return next;
    },
    [master],
  );

  const submit = useCallback(async () => {
    if (!master) throw new Error('请先保存客户资料');
    setBusy(true);
    try {
      // Each material change moves the customer's version on: submit the one the server holds now.
      const done = await submitMaster((await fetchCusDetail(master.cusCode)).master);
      setMaster(done);
      clearDraft(who, master.cusCode);
      return done;
    } finally {
      setBusy(false);
    }
  }, [master, who]);

  const missing = missingMaterialTypes(master?.cusKind ?? valuesRef.current.cusKind, materials);
  const editable = !master || master.reviewStatus === 'draft' || master.reviewStatus === 'returned';
  return { cusCode, master, materials, step, setStep, values, error, busy, restored, remember, save, setMaterialFiles, submit, missing, editable };
}
export type EntryForm = ReturnType<typeof useEntryForm>;
