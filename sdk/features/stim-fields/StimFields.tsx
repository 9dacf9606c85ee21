// Pieces the uploader and the stim editor share (spec D2 §2.5, §2.6, §4.5, §5, §8): the
// cascading ad asset type → ad type group → ad type selects with the brand, the 'Create New
// Brand' dialog, and the preview that shows third-party markup only in a sandboxed iframe from
// the files origin (never in the dashboard's document).
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useMutation, useResource } from '../../core/resource/hooks';
import { itemsOf, lookupList, lookupOptions } from '../../core/lookups/lists';
import { adTypeGroups, adTypes, draftPreview, newBrand, newBrandCategory } from '../../core/stims/stims';
import { Button, ErrorText, Modal, Select, SuccessText, TextField, tokens } from '../../ui';

export interface AdChoice {
  ad_asset_type_id: number | null;
  ad_type_group_id: number | null;
  ad_type_id: number | null;
  brand_id: number | null;
}

const opts = (items: readonly { id?: number; name?: string }[]) => lookupOptions(items).map((o) => ({ value: String(o.value), label: o.label }));
const num = (v: string) => (v ? Number(v) : null);

/** D2-200 D2-201: choosing an asset type clears group and type; choosing a group clears the type. */
export function nextChoice(c: AdChoice, field: keyof AdChoice, value: number | null): AdChoice {
  if (field === 'ad_asset_type_id') return { ...c, ad_asset_type_id: value, ad_type_group_id: null, ad_type_id: null };
  if (field === 'ad_type_group_id') return { ...c, ad_type_group_id: value, ad_type_id: null };
  return { ...c, [field]: value };
}

export interface AdSelectsProps {
  value: AdChoice;
  onChange: (next: AdChoice) => void;
  errors?: Partial<Record<keyof AdChoice, string>>;
  /** Messages when a dependent list fails (the editor's §8 texts). */
  onListError?: (message: string) => void;
  /** Labels prefix (rows of the upload list are told apart by it). */
  labelSuffix?: string;
}

export function AdSelects({ value, onChange, errors = {}, onListError, labelSuffix = '' }: AdSelectsProps) {
  const assets = useResource(lookupList, 'adassettypes_list');
  const brands = useResource(lookupList, 'brands_list');
  const groups = useResource(adTypeGroups, value.ad_asset_type_id ?? 0, { enabled: Boolean(value.ad_asset_type_id) });
  const types = useResource(adTypes, value.ad_type_group_id ?? 0, { enabled: Boolean(value.ad_type_group_id) });
  const reportRef = useRef(onListError);
  reportRef.current = onListError;
  useEffect(() => { if (groups.status === 'error') reportRef.current?.('Failed to load ad type groups'); }, [groups.status]);
  useEffect(() => { if (types.status === 'error') reportRef.current?.('Failed to load ad types'); }, [types.status]);
  const set = (field: keyof AdChoice) => (v: string) => onChange(nextChoice(value, field, num(v)));
  return (
    <>
      <Select label={`Ad Asset Type${labelSuffix}`} placeholder="Please Select" options={opts(itemsOf(assets.data))} value={String(value.ad_asset_type_id ?? '')} onChange={set('ad_asset_type_id')} error={errors.ad_asset_type_id} />
      <Select label={`Ad Type Group${labelSuffix}`} placeholder="Please Select" options={opts(value.ad_asset_type_id ? groups.data ?? [] : [])} value={String(value.ad_type_group_id ?? '')} onChange={set('ad_type_group_id')} error={errors.ad_type_group_id} disabled={!value.ad_asset_type_id} />
      <Select label={`Ad Type${labelSuffix}`} placeholder="Please Select" options={opts(value.ad_type_group_id ? types.data ?? [] : [])} value={String(value.ad_type_id ?? '')} onChange={set('ad_type_id')} error={errors.ad_type_id} disabled={!value.ad_type_group_id} />
      <Select label={`Brand${labelSuffix}`} placeholder="Please Select" options={opts(itemsOf(brands.data))} value={String(value.brand_id ?? '')} onChange={set('brand_id')} error={errors.brand_id} />
    </>
  );
}

/** The §5 texts of the two brand dialogs (uploader and edit screen word them differently). */
export const BRAND_TEXTS = {
  uploader: { name: 'Brand name is required', category: 'Please select a category', both: 'Brand name and category are required' },
  editor: { name: 'Brand Name is required', category: 'Select a brand Category', both: null },
} as const;

export interface CreateBrandDialogProps {
  open: boolean;
  texts: keyof typeof BRAND_TEXTS;
  onClose: () => void;
  /** After success: the new brand (the caller selects it; the brand list is reloaded). */
  onCreated: (brand: { id: number; name: string }) => void;
}

const DialogBody = styled.form`display: grid; gap: 12px; min-width: min(360px, 80vw);`;
const Row = styled.div`display: flex; gap: 8px; align-items: flex-end; flex-wrap: wrap;`;

/** 'Create New Brand' (D2-188, D2-202..205): a category first (or a new one), then the name. */
export function CreateBrandDialog({ open, texts, onClose, onCreated }: CreateBrandDialogProps) {
  const t = BRAND_TEXTS[texts];
  const categories = useResource(lookupList, 'brandcategorys_list');
  const brands = useResource(lookupList, 'brands_list');
  const brand = useMutation(newBrand);
  const category = useMutation(newBrandCategory);
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [newCategory, setNewCategory] = useState('');
  const [errors, setErrors] = useState<{ name?: string; category?: string; form?: string }>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (categories.status === 'error') setMessage({ ok: false, text: 'Failed to load categories' });
  }, [categories.status]);
  useEffect(() => {
    if (category.done && category.result) {
      categories.refetch();
      setCategoryId(String(category.result.id));
      setNewCategory('');
      category.reset();
    } else if (category.error) {
      setMessage({ ok: false, text: 'Failed to create brand category.' });
      category.reset();
    }
  }, [category, categories]);
  useEffect(() => {
    if (brand.done && brand.result) {
      const created = brand.result;
      brands.refetch();
      setMessage({ ok: true, text: 'Brand created successfully!' });
      setName('');
      brand.reset();
      onCreated(created);
    } else if (brand.error) {
      setMessage({ ok: false, text: 'Failed to create brand.' });
      brand.reset();
    }
  }, [brand, brands, onCreated]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const next: typeof errors = {};
    if (!name.trim()) next.name = t.name;
    if (!categoryId) next.category = t.category;
    if (next.name && next.category && t.both) next.form = t.both;
    setErrors(next);
    if (next.name || next.category) return;
    brand.run({ name: name.trim(), brand_category_id: Number(categoryId) });
  };

  return (
    <Modal open={open} title="Create New Brand" onClose={onClose} part="brand-dialog">
      <DialogBody noValidate onSubmit={submit}>
        <TextField label="Brand Name" value={name} onChange={(e) => setName((e.target as HTMLInputElement).value)} error={errors.name} />
        <Select label="Brand Category" placeholder="Please Select" options={opts(itemsOf(categories.data))} value={categoryId} onChange={setCategoryId} error={errors.category} />
        <Row>
          <TextField label="New category" value={newCategory} onChange={(e) => setNewCategory((e.target as HTMLInputElement).value)} />
          <Button type="button" $variant="secondary" disabled={!newCategory.trim() || category.pending} onClick={() => category.run(newCategory.trim())}>Create Category</Button>
        </Row>
        {errors.form ? <ErrorText role="alert">{errors.form}</ErrorText> : null}
        {message ? (message.ok ? <SuccessText role="status">{message.text}</SuccessText> : <ErrorText role="alert">{message.text}</ErrorText>) : null}
        <Row>
          <Button type="submit" disabled={brand.pending}>Create Brand</Button>
          <Button type="button" $variant="secondary" onClick={onClose}>Cancel</Button>
        </Row>
      </DialogBody>
    </Modal>
  );
}

const Frame = styled.iframe<{ $height: number }>`
  width: 100%; height: ${(p) => p.$height}px; border: 1px solid ${tokens.border}; border-radius: ${tokens.radius};
  /* White in either theme: a third-party page is drawn for a white browser canvas. */
  background: #fff;
`;

/**
 * Third-party markup, sandboxed: allow-scripts only (no allow-same-origin, no popups, no top
 * navigation, no forms), loaded from the files origin whose own CSP sandboxes it again.
 */
export const SANDBOX = 'allow-scripts';

/** A saved stim's preview page (details.preview_url). */
export function SandboxedPreview({ src, height = 400, title }: { src: string; height?: number; title: string }) {
  return <Frame part="preview-frame" $height={height} sandbox={SANDBOX} referrerPolicy="no-referrer" src={src} title={title} />;
}

/** Live preview of unsaved markup: posted into the files origin's draft page. */
export function DraftPreview({ kind, content, height = 400 }: { kind: 'script' | 'vast'; content: string; height?: number }) {
  const page = useResource(draftPreview, 'draft');
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(0);
  // A new frame for every change: a document written by ad markup cannot be reset in place.
  const [generation, setGeneration] = useState(0);
  useEffect(() => setGeneration((g) => g + 1), [kind, content]);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source === frame.current?.contentWindow && (e.data as { gazePreviewReady?: boolean })?.gazePreviewReady) setReady((r) => r + 1);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  useEffect(() => {
    // The sandboxed page has an opaque origin: only '*' reaches it; it holds nothing secret.
    if (ready && content.trim()) frame.current?.contentWindow?.postMessage({ kind, content }, '*');
  }, [ready, kind, content]);
  const src = useMemo(() => page.data?.url ?? null, [page.data]);
  if (!src) return page.status === 'error' ? <ErrorText>{page.error}</ErrorText> : null;
  return <Frame key={generation} ref={frame} part="preview-frame" $height={height} sandbox={SANDBOX} referrerPolicy="no-referrer" src={src} title="Preview" />;
}
