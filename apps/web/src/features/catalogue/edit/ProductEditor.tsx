/** One product at a time in the edit grid: toolbar, part-number search, save / conflict / live flows. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useShallow } from 'zustand/react/shallow';
import { CATALOGUE_MSG, showsActualSize } from '@portal/domain';
import type { DataSheetGridRef } from 'react-datasheet-grid';
import { useRealtimeEvent } from '../../../shared/realtime';
import { ProductsFallback } from '../components/CatalogueFrame';
import { NoResults } from '../components/NoResults';
import { ProductListSkeleton } from '../components/ProductList';
import { useProducts } from '../hooks/useCatalogueQueries';
import type { ShownList } from '../hooks/useCatalogueSelection';
import { AddProductModal, ConflictView, PriceHistoryModal, UnsavedChangesDialog } from './dialogs';
import { selectDirty, useEditStore } from './editStore';
import { OWN_SAVE_WINDOW_MS, leaveActions, requestLeave, usePresence, useSaveChanges } from './hooks';
import { hasNewerRows } from './model';
import { PartNumberFinder } from './PartNumberFinder';
import { SaveErrors } from './SaveErrors';
import { useProductMutations } from './useProductMutations';
import { ProductResources } from './resources';
import type { GridRow } from './types';
import { VariantGrid } from './VariantGrid';

const ROW_HEIGHT = 36;
const MAX_GRID_HEIGHT = 560;

interface EditorProps extends ShownList {
  /** 'MERV 10 2"' (category and sub-category names). */
  listLabel: string;
}

export function ProductEditor({ categoryId, categoryName, listId, listLabel }: EditorProps) {
  const productMutations = useProductMutations(categoryId);
  const products = useProducts(categoryId, listId);
  const productList = useMemo(() => products.data?.productDetails ?? [], [products.data]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const product = productList.find((p) => p._id === selectedId) ?? productList[0] ?? null;
  const productId = product?._id ?? null;

  // Not the rows: a committed cell re-renders the grid (VariantGrid subscribes), not the editor.
  const edit = useEditStore(
    useShallow((s) => ({
      productId: s.productId,
      rowCount: s.rows.length,
      conflicts: s.conflicts,
      saving: s.saving,
      remoteChanged: s.remoteChanged,
      pendingLeave: s.pendingLeave,
    })),
  );
  const dirty = useEditStore(selectDirty);
  const save = useSaveChanges(categoryId);
  const editors = usePresence(productId);
  const gridRef = useRef<DataSheetGridRef>(null);

  // Open the product in the grid once; refetches (live pushes, our own save) do not replace edits.
  useEffect(() => {
    const st = useEditStore.getState();
    if (product && st.productId !== product._id) st.load(product._id, product.variants ?? []);
    if (!product && st.productId && products.isSuccess) st.reset();
  }, [product, products.isSuccess]);
  useEffect(() => () => useEditStore.getState().reset(), []);
  // Someone else's change (another editor's save, an applied import), told by the refetched rows'
  // versions: with no unsaved edits the grid simply shows the new rows; with edits it says so and
  // lets the user reload or overwrite. (The push handler below ignores pushes within
  // OWN_SAVE_WINDOW_MS of our own save, which would hide another editor's save made meanwhile.)
  useEffect(() => {
    const st = useEditStore.getState();
    if (!product || st.productId !== product._id || st.saving || st.remoteChanged) return;
    if (!hasNewerRows(product.variants ?? [], st.known)) return;
    if (selectDirty(st)) st.setRemoteChanged(true);
    else st.rebase(product.variants ?? []);
  }, [product]);

  useRealtimeEvent('catalogue.changed', (e) => {
    const st = useEditStore.getState();
    // Our product, or everything (an applied import names no product).
    if (!st.productId || (e.productId !== null && e.productId !== st.productId)) return;
    if (e.productId === null && e.kind !== 'prices' && e.kind !== 'catalogue') return;
    if (st.saving || Date.now() - st.ownSaveAt < OWN_SAVE_WINDOW_MS) return;
    // Unsaved edits: say so now. Otherwise the refetch this push causes brings the rows (effect above).
    if (selectDirty(st)) st.setRemoteChanged(true);
  });

  const reloadLatest = async () => {
    const res = await products.refetch();
    const fresh = res.data?.productDetails.find((p) => p._id === productId);
    if (fresh) useEditStore.getState().rebase(fresh.variants ?? []);
    else useEditStore.getState().reset();
  };

  // ── toolbar actions ──
  const [addOpen, setAddOpen] = useState(false);
  const [history, setHistory] = useState<GridRow | null>(null);

  const onHistory = useCallback((row: GridRow) => setHistory(row), []);
  const onRemove = useCallback((id: string) => {
    const result = useEditStore.getState().removeVariant(id);
    if (result === 'removed' || result === 'deleted')
      notifications.show({ color: 'yellow', message: CATALOGUE_MSG.variantRemoved, autoClose: 3000 });
  }, []);

  const onAddVariant = () => {
    const row = useEditStore.getState().addVariant();
    notifications.show({ color: 'teal', message: CATALOGUE_MSG.variantAdded, autoClose: 3000 });
    const index = useEditStore.getState().rows.findIndex((r) => r._id === row._id);
    requestAnimationFrame(() => gridRef.current?.setActiveCell({ col: 0, row: index }));
  };

  const onAddProduct = async (name: string): Promise<boolean> => {
    try {
      const { data: added } = await productMutations.add.mutateAsync({ name, listId });
      notifications.show({ color: 'teal', message: CATALOGUE_MSG.productAdded, autoClose: 3000 });
      await productMutations.refresh();
      if (added._id) requestLeave(() => setSelectedId(added._id));
      return true;
    } catch {
      notifications.show({ color: 'red', message: CATALOGUE_MSG.addProductFailed, autoClose: 5000 });
      return false;
    }
  };

  const onDeleteProduct = () => {
    if (!product) return;
    modals.openConfirmModal({
      title: 'Delete Product',
      centered: true,
      children: (
        <Text>
          {CATALOGUE_MSG.deleteProductConfirm} &quot;{product.name}&quot; with all its variants. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete Product', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await productMutations.remove.mutateAsync(product._id);
          notifications.show({ color: 'teal', message: CATALOGUE_MSG.productRemoved, autoClose: 3000 });
          useEditStore.getState().reset();
          setSelectedId(null);
          void productMutations.refresh();
        } catch {
          notifications.show({ color: 'red', message: CATALOGUE_MSG.removeProductFailed, autoClose: 5000 });
        }
      },
    });
  };

  const resourceOwners = useMemo(
    () => [
      { id: listId, label: `Category: ${listLabel}` },
      // A category with sub-categories keeps files of its own too, beside its tabs' files.
      ...(listId !== categoryId ? [{ id: categoryId, label: `Category: ${categoryName}` }] : []),
      ...(product ? [{ id: product._id, label: `Product: ${product.name}` }] : []),
    ],
    [categoryId, categoryName, listId, listLabel, product],
  );

  const onFound = (targetId: string, pn: string) => {
    const focusRow = () => {
      const index = useEditStore.getState().rows.findIndex((r) => r.part_number.toLowerCase() === pn);
      if (index >= 0) requestAnimationFrame(() => gridRef.current?.setActiveCell({ col: 0, row: index }));
    };
    if (targetId === productId) focusRow();
    else
      requestLeave(() => {
        setSelectedId(targetId);
        setTimeout(focusRow, 0);
      });
  };

  const pending = edit.pendingLeave;
  const leave = leaveActions(pending, () => save());

  const discard = () => useEditStore.getState().discard();

  if (products.isPending || products.isError) return <ProductsFallback query={products} />;

  const ready = !!product && edit.productId === product._id;
  const height = Math.min(MAX_GRID_HEIGHT, 42 + Math.max(edit.rowCount, 3) * ROW_HEIGHT);

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Button variant="default" onClick={() => setAddOpen(true)}>
          Add Product
        </Button>
        <ProductResources categoryId={categoryId} owners={resourceOwners} />
      </Group>

      <PartNumberFinder products={productList} onFound={onFound} />

      {productList.length === 0 ? (
        <NoResults />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <NativeSelect
                label="Product"
                value={productId ?? ''}
                data={productList.map((p) => ({ value: p._id, label: p.name }))}
                onChange={(e) => {
                  const id = e.currentTarget.value;
                  requestLeave(() => setSelectedId(id));
                }}
                style={{ minWidth: 260 }}
              />
              <Group gap="xs" wrap="wrap">
                <Button variant="light" onClick={onAddVariant} disabled={!ready}>
                  Add Variant
                </Button>
                <Button variant="light" color="red" onClick={onDeleteProduct} disabled={!product}>
                  Delete Product
                </Button>
                <Button variant="default" onClick={discard} disabled={!dirty || edit.saving}>
                  Discard Changes
                </Button>
                <Button onClick={() => void save()} disabled={!ready || edit.saving}>
                  {edit.saving ? 'Saving...' : 'Save Changes'}
                </Button>
              </Group>
            </Group>

            {editors.length > 0 && (
              <Text fz="sm" c="blue.8" role="status">
                Also editing: {editors.join(', ')}
              </Text>
            )}
            {edit.remoteChanged && (
              <Alert color="yellow" role="alert">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fz="sm">This product was changed by someone else. Reload to see the latest version.</Text>
                  <Button size="xs" variant="white" onClick={() => void reloadLatest()}>
                    Reload
                  </Button>
                </Group>
              </Alert>
            )}
            <SaveErrors />
            <Text fz="xs" c="gray.7">
              Arrow keys move between cells; double-click, F2, Enter or space edits; Yes/No and type cells open on a
              click. Paste blocks from a spreadsheet. Drag the handle or use the arrows to reorder. Custom (odd-size)
              variants are made to order and are final sale.
            </Text>
            {ready ? (
              <VariantGrid
                key={`${edit.productId}-${showsActualSize(categoryName)}`}
                ref={gridRef}
                showActualSize={showsActualSize(categoryName)}
                height={height}
                onHistory={onHistory}
                onRemove={onRemove}
              />
            ) : (
              <ProductListSkeleton label="Loading variants" />
            )}
          </Stack>
        </Paper>
      )}

      <AddProductModal opened={addOpen} onClose={() => setAddOpen(false)} onSubmit={onAddProduct} />
      <PriceHistoryModal row={history} onClose={() => setHistory(null)} />
      {edit.conflicts && (
        <ConflictView
          conflicts={edit.conflicts}
          saving={edit.saving}
          onReload={() => useEditStore.getState().reloadConflicts()}
          onOverwrite={() => void save(true)}
          onCancel={() => useEditStore.getState().setConflicts(null)}
        />
      )}
      <UnsavedChangesDialog
        opened={!!pending}
        saving={edit.saving}
        onSave={() => void leave.save()}
        onDiscard={leave.discard}
        onStay={leave.stay}
      />
    </Stack>
  );
}
