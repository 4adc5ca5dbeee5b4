import { useState, type FormEvent } from 'react';
import {
  DESCRIPTION_MAX_LENGTH,
  IMAGE_URL_MAX_LENGTH,
  MESSAGES,
  TAGS,
  TITLE_MAX_LENGTH,
  isHttpUrl,
  validateProjectEdit,
  type DraftField,
} from '@kept/domain';
import type { ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { updateProject } from './api';

export const EDIT_TEXT = { title: 'Edit Project', save: 'Save Changes', saving: 'Saving...' } as const;

/** The cover preview: the typed URL when it is one, else the current picture. */
function CoverPreview({ url, current }: { url: string; current: string }) {
  const typed = url.trim();
  const src = typed !== '' && isHttpUrl(typed) ? typed : current;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <figure className="mt-2">
      <div className="aspect-[16/9] w-full max-w-xs overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
        {failedSrc === src ? (
          <p className="grid size-full place-items-center p-3 text-center text-sm text-slate-600">
            This picture could not be loaded.
          </p>
        ) : (
          <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} />
        )}
      </div>
      <figcaption className="mt-1 text-xs text-slate-600">
        {src === current ? 'Current cover' : 'Preview of the new cover'}
      </figcaption>
    </figure>
  );
}

/**
 * Edit Project: name, description, tag and cover URL (with a preview). Length, frequency and deposit are
 * permanent. Cancel keeps the project as it was; a failed save keeps what was typed.
 */
export default function EditProjectDialog({
  project,
  onClose,
  onSaved,
}: {
  project: ProjectDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [title, setTitle] = useState(project.title);
  const [description, setDescription] = useState(project.description);
  const [tag, setTag] = useState(project.tag);
  const [imageUrl, setImageUrl] = useState(project.ownImageUrl ?? '');
  const [invalid, setInvalid] = useState<{ field: DraftField; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const fieldError = (field: DraftField) => (invalid?.field === field ? invalid.message : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const result = validateProjectEdit({ title, description, tag, imageUrl });
    if (!result.ok) {
      setInvalid({ field: result.field, message: result.message });
      setError(null);
      return;
    }
    setInvalid(null);
    setError(null);
    setSaving(true);
    try {
      await updateProject(project.id, { title, description, tag, imageUrl });
      onSaved();
      onClose();
    } catch (caught) {
      setSaving(false);
      // The server's own words for a rule it refused (they are the spec's texts); otherwise the spec's.
      setError(
        caught instanceof ApiError && caught.status === 400 && caught.fromServer
          ? caught.message
          : MESSAGES.editFailed,
      );
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={EDIT_TEXT.title} dismissible={!saving}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <Field label="Project name" required error={fieldError('title')}>
          {(control) => (
            <input
              {...control}
              name="title"
              required
              maxLength={TITLE_MAX_LENGTH}
              value={title}
              disabled={saving}
              onChange={(event) => setTitle(event.target.value)}
              className={cx(inputClass, 'h-11')}
            />
          )}
        </Field>
        <Field label="Description" error={fieldError('description')}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              rows={4}
              maxLength={DESCRIPTION_MAX_LENGTH}
              value={description}
              disabled={saving}
              onChange={(event) => setDescription(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Category" required error={fieldError('tag')}>
          {(control) => (
            <select
              {...control}
              name="tag"
              required
              value={tag}
              disabled={saving}
              onChange={(event) => setTag(event.target.value)}
              className={cx(inputClass, 'h-11')}
            >
              {TAGS.some((option) => option.name === tag) ? null : (
                <option value="">Choose a category</option>
              )}
              {TAGS.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Cover photo URL"
          hint="A link to a picture (https://…). Leave it empty to keep the current cover."
          error={fieldError('imageUrl')}
        >
          {(control) => (
            <input
              {...control}
              name="imageUrl"
              type="url"
              inputMode="url"
              maxLength={IMAGE_URL_MAX_LENGTH}
              placeholder="https://"
              value={imageUrl}
              disabled={saving}
              onChange={(event) => setImageUrl(event.target.value)}
              className={cx(inputClass, 'h-11')}
            />
          )}
        </Field>
        <CoverPreview url={imageUrl} current={project.imageUrl} />

        <div aria-live="assertive">
          {error ? (
            <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {saving ? EDIT_TEXT.saving : EDIT_TEXT.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
