import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOT_STATE_ELEMENT_ID, SCREEN_OF_FIRST_SEGMENT } from '@kept/contract';
import { readBootSession, seedSessionFromPage } from '../src/features/session/boot';
import { sessionQueryKey } from '../src/features/session/api';
import { App } from '../src/app';
import { alice, createTestQueryClient, mockApi } from './helpers';

/** A page as the server sends it, with the given text in its boot-state element (none when undefined). */
function pageWith(text: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('Kept');
  if (text !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = BOOT_STATE_ELEMENT_ID;
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

describe("the page's boot state", () => {
  it('reads who is signed in, or that nobody is', () => {
    expect(readBootSession(pageWith(JSON.stringify({ session: { user: alice } })))).toEqual({ user: alice });
    expect(readBootSession(pageWith('{"session":{"user":null}}'))).toEqual({ user: null });
  });

  it('reads nothing from a page without one, or with one it cannot use', () => {
    for (const text of [undefined, '', 'not json', '{}', '{"session":null}', '{"session":{}}', '[]', '42']) {
      expect(readBootSession(pageWith(text)), String(text)).toBeUndefined();
    }
  });

  it('starts the session query with it, so the first render asks no one', () => {
    const queryClient = createTestQueryClient();
    seedSessionFromPage(queryClient, pageWith(JSON.stringify({ session: { user: alice } })));
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: alice });
    expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success');

    const none = createTestQueryClient();
    seedSessionFromPage(none, pageWith(undefined));
    expect(none.getQueryState(sessionQueryKey)).toBeUndefined();
  });

  it('renders the signed-in app without calling GET /api/session', async () => {
    const fetchMock = mockApi({});
    window.history.pushState({}, '', '/privacy-policy');
    const queryClient = createTestQueryClient();
    seedSessionFromPage(queryClient, pageWith(JSON.stringify({ session: { user: alice } })));
    render(<App queryClient={queryClient} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'My Projects' }).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the screens of the route table', () => {
  it('are the files in src/routes, one each', () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, '..', 'src', 'routes'))
      .map((file) => file.replace(/\.tsx$/, ''))
      .sort();
    expect(files).toEqual([...new Set([...Object.values(SCREEN_OF_FIRST_SEGMENT), 'not-found'])].sort());
  });
});
