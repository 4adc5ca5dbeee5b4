import { useState, type FormEvent } from 'react';
import {
  DESCRIPTION_MAX_LENGTH,
  MESSAGES,
  TAGS,
  TITLE_MAX_LENGTH,
  validateProjectEdit,
  type DraftField,
} from '@kept/domain';
import type { CheckInDto, ProjectDetail } from '@kept/contract';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/form-field';
import { ApiError } from '../../lib/api';
import { cx } from '../../lib/cx';
import { updateProject } from './api';
import { CoverPicker, applyCover, coverFailure, incompleteCover, type CoverChoice } from './cover-picker';
import { FormError } from '../../components/ui/form-error';
import { VisibilitySetting } from './visibility-setting';

export const EDIT_TEXT = { title: 'Edit Project', save: 'Save Changes', saving: 'Saving...' } as const;

/**
 * Edit Project: name, description, tag and the cover (uploaded, a check-in photo, or the tag's picture,
 * with a preview). Length, frequency and deposit are permanent. Cancel keeps the project as it was; a
 * failed save keeps what was typed.
 */
export default function EditProjectDialog({
  project,
  photos = [],
  onClose,
  onSaved,
}: {
  project: ProjectDetail;
  /** The project's check-ins: those with a photo are offered as covers. */
  photos?: readonly CheckInDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [title, setTitle] = useState(project.title);
  const [description, setDescription] = useState(project.description);
  const [tag, setTag] = useState(project.tag);
  const [cover, setCover] = useState<CoverChoice>({ kind: 'keep' });
  const [coverProgress, setCoverProgress] = useState<number | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<{ field: DraftField; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const fieldError = (field: DraftField) => (invalid?.field === field ? invalid.message : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const result = validateProjectEdit({ title, description, tag });
    if (!result.ok) {
      setInvalid({ field: result.field, message: result.message });
      setError(null);
      return;
    }
    setInvalid(null);
    setError(null);
    const coverIncomplete = incompleteCover(cover);
    setCoverError(coverIncomplete);
    if (coverIncomplete) return;
    setSaving(true);
    try {
      await updateProject(project.id, { title, description, tag });
    } catch (caught) {
      setSaving(false);
      // The server's own words for a rule it refused (they are the spec's texts); otherwise the spec's.
      setError(
        caught instanceof ApiError && caught.code === 'validation_error' && caught.fromServer
          ? caught.message
          : MESSAGES.editFailed,
      );
      return;
    }
    if (!(await saveCover())) return;
    onSaved();
    onClose();
  }

  /** The cover after the text is saved; on failure the dialog stays open with the choice kept. */
  async function saveCover(): Promise<boolean> {
    if (cover.kind === 'upload') setCoverProgress(0);
    try {
      await applyCover(project.id, cover, setCoverProgress);
      return true;
    } catch (caught) {
      setCoverError(coverFailure(caught));
      setSaving(false);
      onSaved(); // the name, description and tag are saved
      return false;
    } finally {
      setCoverProgress(null);
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
        <Field label="Description" required error={fieldError('description')}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              required
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
        <CoverPicker
          currentImage={project.imageUrl}
          tag={tag}
          photos={photos}
          choice={cover}
          onChange={(next) => {
            setCover(next);
            setCoverError(null);
          }}
          disabled={saving}
          progress={coverProgress}
          error={coverError}
        />
        <VisibilitySetting projectId={project.id} current={project.visibility} />

        <FormError message={error} />
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
