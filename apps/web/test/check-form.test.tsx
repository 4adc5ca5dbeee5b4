import { act, renderHook } from '@testing-library/react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@kept/domain';
import { checkForm, loadedResolver } from '../src/lib/check-form';

interface Values {
  title: string;
  tag: string;
}

const titleRequired: Resolver<Values> = async (values): Promise<ResolverResult<Values>> => {
  if (values.title) return { values, errors: {} };
  return {
    values: {},
    errors: { title: { type: 'custom', message: 'Please fill in all required fields.' } },
  };
};

function renderForm(resolver: Resolver<Values>) {
  return renderHook(() => useForm<Values>({ defaultValues: { title: '', tag: '' }, resolver })).result;
}

describe('a form checked by code loaded on first use', () => {
  it('asks for the check at once, and checks with it once it is there', async () => {
    const load = vi.fn(() => Promise.resolve(titleRequired));
    const resolver = loadedResolver(load);
    expect(load).toHaveBeenCalledTimes(1);

    const form = renderForm(resolver);
    let message: string | null = null;
    await act(async () => {
      message = await checkForm(form.current, ['title', 'tag'], 'fallback');
    });
    expect(message).toBe('Please fill in all required fields.');
    expect(form.current.getFieldState('title').error?.message).toBe('Please fill in all required fields.');

    act(() => form.current.setValue('title', 'Write every day'));
    await act(async () => {
      message = await checkForm(form.current, ['title', 'tag'], 'fallback');
    });
    expect(message).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says the network failed when the check could not load, and asks for it again at the next check', async () => {
    let failToLoad: (error: unknown) => void = () => undefined;
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockReturnValueOnce(
        new Promise((_, reject) => {
          failToLoad = reject;
        }),
      )
      .mockResolvedValue(titleRequired);
    const form = renderForm(loadedResolver(load));

    let message: string | null = null;
    await act(async () => {
      const checking = checkForm(form.current, ['title', 'tag'], 'fallback');
      failToLoad(new TypeError('Failed to fetch dynamically imported module'));
      message = await checking;
    });
    expect(message).toBe(MESSAGES.networkError);
    expect(form.current.formState.isSubmitting).toBe(false);

    await act(async () => {
      message = await checkForm(form.current, ['title', 'tag'], 'fallback');
    });
    expect(message).toBe('Please fill in all required fields.');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
